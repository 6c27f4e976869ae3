import {
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { ServerEvents, type ActiveUsersUpdate } from '@auction/contracts';
import { PeriodicTask } from '../infrastructure/scheduling/periodic-task.js';
import { AppGateway } from './app.gateway.js';
import { PresenceService, PresenceUnavailableError } from './presence.service.js';
import { RealtimePublisher } from './realtime-publisher.js';

/** How often each instance asks whether the count should go out; the Redis script decides (at most 1/s). */
export const ACTIVE_COUNT_TICK_MS = 250;

/**
 * Sends `activeUsersUpdate {count}` to every authenticated socket, coalesced: a connect or disconnect only changes
 * Redis, and on each tick one instance of the deployment (whichever wins PresenceService.takeCountBroadcast) sends
 * the count when it changed. Sending the list to everyone on every change cost n² messages for n connecting sockets
 * (issue 10); this is one broadcast per interval however many connect in it.
 */
@Injectable()
export class ActiveUserCountBroadcaster implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ActiveUserCountBroadcaster.name);
  /** A tick while the previous one still waits on Redis is skipped, not queued. */
  private readonly loop = new PeriodicTask({
    what: 'active user count broadcast',
    intervalMs: ACTIVE_COUNT_TICK_MS,
    run: () => this.tick(),
    logger: this.logger,
  });

  constructor(
    private readonly presence: PresenceService,
    private readonly realtime: RealtimePublisher,
    private readonly gateway: AppGateway,
  ) {}

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Stops before the socket server's Redis connections close: an emit after that would be an unhandled rejection. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  private async tick(): Promise<void> {
    try {
      let count = await this.presence.takeCountBroadcast();
      if (count === null) return;
      if (count < this.gateway.localUserCount()) {
        // Fewer than this instance alone has signed in: Redis lost the presence (a flush, a failover without its
        // data). Put this instance's sockets back before telling anyone, rather than 0 until the next heartbeat.
        await this.gateway.keepPresenceAlive();
        count = await this.presence.activeUserCount();
      }
      const update: ActiveUsersUpdate = { count };
      // Paced: to the 4,800 sockets of 400 drafts in one go it held the event loop ~70 ms (PacedRoomBroadcast).
      this.realtime.toAllPaced(ServerEvents.activeUsersUpdate, update);
    } catch (error) {
      // Four ticks a second: an outage is logged once, by PresenceService.
      if (!(error instanceof PresenceUnavailableError))
        this.logger.warn(`active user count not broadcast: ${(error as Error).message}`);
    }
  }
}
