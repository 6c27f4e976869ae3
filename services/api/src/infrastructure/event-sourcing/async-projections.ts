import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import pg from 'pg';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { AsyncProjectionRunner, type ProjectionLag } from './async-projection-runner.js';
import type { LogProjection } from './projection.js';

/**
 * The API's asynchronous projections (ADR 0022): feature modules register theirs while the app initialises; at
 * bootstrap one AsyncProjectionRunner polls them (ASYNC_PROJECTION_POLL_MS, 0 = off: another process runs them,
 * e.g. `npm run projections:async`). Every instance may poll: the runner's advisory lock lets one apply each
 * batch. Lag goes to `projection_lag_events{mode="async"}` after every round, `/api/status` and the ops figures.
 * It has its own small pool: background batches never take a connection a request is waiting for, and do not count
 * as the commands' statements (`db_statements_total`, ADR 0020).
 */
@Injectable()
export class AsyncProjections implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('AsyncProjections');
  private readonly registered: LogProjection[] = [];
  private runner: AsyncProjectionRunner | null = null;
  private pool: pg.Pool | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(ApiMetrics) private readonly metrics: ApiMetrics,
  ) {}

  register(projection: LogProjection): void {
    this.registered.push(projection);
  }

  get projections(): readonly LogProjection[] {
    return this.registered;
  }

  onApplicationBootstrap(): void {
    const { pollMs, batchSize } = this.config.asyncProjections;
    this.pool = new pg.Pool({
      connectionString: this.config.databaseUrl,
      max: 2,
      application_name: 'auction-async-projections',
    });
    // An idle connection dropped by the server must not crash the process: the next batch reconnects.
    this.pool.on('error', (error) => this.logger.warn(`pool: ${error.message}`));
    this.runner = new AsyncProjectionRunner(
      this.pool,
      this.registered,
      { pollMs, batchSize },
      (name, error) => this.logger.warn(`${name} failed, retried next round: ${(error as Error).message}`),
      () => void this.reportLag(),
    );
    if (pollMs > 0 && this.registered.length > 0) this.runner.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.runner?.stop();
    await this.pool?.end();
    this.runner = null;
    this.pool = null;
  }

  /** Each registered projection's position and lag (read now). */
  async lag(): Promise<ProjectionLag[]> {
    if (!this.runner) return [];
    return this.runner.lag();
  }

  private async reportLag(): Promise<void> {
    try {
      for (const { name, lag } of await this.lag()) this.metrics.reportProjectionLag(name, 'async', lag);
    } catch (error) {
      this.logger.warn(`projection lag not read: ${(error as Error).message}`);
    }
  }
}
