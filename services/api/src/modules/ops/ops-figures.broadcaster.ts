import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ServerEvents } from '@auction/contracts';
import type { Redis } from 'ioredis';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { RealtimePublisher } from '../../gateway/realtime-publisher.js';
import { namespacedKey, REDIS, REDIS_NAMESPACE } from '../../infrastructure/redis/index.js';
import { PeriodicTask } from '../../infrastructure/scheduling/periodic-task.js';
import { GetOpsFiguresQuery } from './queries/get-ops-figures/get-ops-figures.query.js';

/**
 * Pushes `opsFigures` to admin sockets every `OPS_FIGURES_PUSH_MS`. The emit reaches admins on every instance (the
 * Redis adapter), so only the instance that takes the tick's short Redis lock reads and sends: one push per tick for
 * the whole deployment, however many API instances run.
 */
@Injectable()
export class OpsFiguresBroadcaster implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OpsFiguresBroadcaster.name);
  private loop: PeriodicTask | null = null;

  constructor(
    private readonly queryBus: QueryBus,
    private readonly realtime: RealtimePublisher,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_NAMESPACE) private readonly namespace: string,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const intervalMs = this.config.ops.pushIntervalMs;
    if (intervalMs === 0) return;
    // A tick while a push still waits on Redis or the database is skipped, not queued (PeriodicTask).
    this.loop = new PeriodicTask({
      what: 'ops figures push',
      intervalMs,
      run: () => this.pushOnce(intervalMs),
      logger: this.logger,
    });
    this.loop.start();
  }

  /**
   * Before the socket server, Redis and the database close: in onApplicationShutdown it stopped alongside them, so a
   * tick could still query or emit into closed clients while the app shut down.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
    this.loop = null;
  }

  /** Reads and sends the figures if this instance owns the tick; never throws (a failed tick is logged). */
  async pushOnce(intervalMs: number): Promise<void> {
    try {
      const key = namespacedKey(this.namespace, 'ops', 'figures-push');
      const owned = await this.redis.set(key, '1', 'PX', Math.max(1, intervalMs - 250), 'NX');
      if (owned !== 'OK') return;
      const figures = await this.queryBus.execute(new GetOpsFiguresQuery());
      this.realtime.toAdmins(ServerEvents.opsFigures, figures);
    } catch (error) {
      this.logger.warn(`ops figures not pushed: ${(error as Error).message}`);
    }
  }
}
