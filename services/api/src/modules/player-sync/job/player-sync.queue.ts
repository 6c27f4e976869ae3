import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { CONFIG, type AppConfig } from '../../../config/config.js';
import { closeBullmq, createRedisClient } from '../../../infrastructure/redis/redis.module.js';
import { bullmqPrefixFor } from '../../../infrastructure/redis/redis-namespace.js';
import { REDIS_NAMESPACE } from '../../../infrastructure/redis/redis.tokens.js';
import {
  PLAYER_SYNC_DEDUPLICATION_ID,
  PLAYER_SYNC_JOB,
  PLAYER_SYNC_QUEUE,
  type PlayerSyncJobData,
  type PlayerSyncJobResult,
} from './player-sync.constants.js';
import { PlayerSyncRunner } from './player-sync.runner.js';

export type SyncJob = Job<PlayerSyncJobData, PlayerSyncJobResult>;

export type SyncJobOutcome =
  | { state: 'completed'; result: PlayerSyncJobResult }
  | { state: 'failed'; reason: string }
  | { state: 'running' };

// States in which a job still counts as "a sync is running".
const UNFINISHED = ['active', 'waiting', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * The `player-sync` BullMQ queue, its QueueEvents (to wait for a job) and this instance's Worker (concurrency 1).
 * Keys live under `bullmqPrefixFor(namespace)`, so copies on other databases never see these jobs; instances on
 * the same database share them, and whichever worker takes a job runs it.
 */
@Injectable()
export class PlayerSyncQueue implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PlayerSyncQueue');
  private readonly prefix: string;
  private readonly clients: Redis[] = [];
  private readonly inFlight = new Set<AbortController>();
  private queue!: Queue<PlayerSyncJobData, PlayerSyncJobResult>;
  private events!: QueueEvents;
  private worker: Worker<PlayerSyncJobData, PlayerSyncJobResult> | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_NAMESPACE) namespace: string,
    @Inject(PlayerSyncRunner) private readonly runner: PlayerSyncRunner,
  ) {
    this.prefix = bullmqPrefixFor(namespace);
  }

  onModuleInit(): void {
    this.queue = new Queue(PLAYER_SYNC_QUEUE, {
      // Fail-fast: POST /players/sync must answer 503 while Redis is down or silent, not wait for it.
      connection: this.client('player-sync-queue', { failFast: true }),
      prefix: this.prefix,
      defaultJobOptions: {
        // A failed sync is reported to the admin, not retried behind their back.
        attempts: 1,
        removeOnComplete: { count: 50 },
        removeOnFail: { count: 50 },
      },
    });
    this.events = new QueueEvents(PLAYER_SYNC_QUEUE, {
      connection: this.client('player-sync-events', { blocking: true }),
      prefix: this.prefix,
    });
    this.queue.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
    this.events.on('error', (error) => this.logger.warn(`queue events: ${error.message}`));
  }

  /** After init, so the worker never runs before the migrations (createApp runs them before app.init()). */
  onApplicationBootstrap(): void {
    this.worker = new Worker(PLAYER_SYNC_QUEUE, (job) => this.process(job), {
      connection: this.client('player-sync-worker', { blocking: true }),
      prefix: this.prefix,
      concurrency: 1,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    // A sync still fetching is cut short (it fails with "The sync was cancelled") instead of delaying shutdown.
    for (const controller of this.inFlight) controller.abort();
    await closeBullmq([this.worker, this.events, this.queue], this.clients);
  }

  /** True while a sync job is waiting or running on any instance of this deployment. */
  async isBusy(): Promise<boolean> {
    const counts = await this.queue.getJobCounts(...UNFINISHED);
    return Object.values(counts).some((count) => count > 0);
  }

  /**
   * Enqueues a sync unless one is waiting or running. The check is atomic in Redis: the job carries a fixed
   * deduplication id, and while a job holds it BullMQ answers that job's id instead of adding ours. So of two
   * simultaneous calls exactly one gets `started: true`.
   */
  async enqueue(data: PlayerSyncJobData): Promise<{ job: SyncJob; started: boolean }> {
    const jobId = `sync-${randomUUID()}`;
    const job = await this.queue.add(PLAYER_SYNC_JOB, data, {
      jobId,
      deduplication: { id: PLAYER_SYNC_DEDUPLICATION_ID },
    });
    return { job, started: job.id === jobId };
  }

  /** Waits up to `timeoutMs` for the job to finish. */
  async waitFor(job: SyncJob, timeoutMs: number): Promise<SyncJobOutcome> {
    try {
      return { state: 'completed', result: await job.waitUntilFinished(this.events, timeoutMs) };
    } catch (error) {
      // Timed out or failed: the job's own record says which. It is queued, so if Redis cannot say, it still runs
      // once Redis answers: "running" (progress comes over the socket).
      const current = await this.queue.getJob(job.id!).catch(() => undefined);
      const state = current ? await current.getState().catch(() => 'unknown') : 'unknown';
      if (state === 'completed' && current) return { state: 'completed', result: current.returnvalue };
      if (state === 'failed')
        return { state: 'failed', reason: current?.failedReason || (error as Error).message };
      return { state: 'running' };
    }
  }

  private async process(job: SyncJob): Promise<PlayerSyncJobResult> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    try {
      return await this.runner.run(job.id!, controller.signal, (progress) => job.updateProgress(progress));
    } finally {
      this.inFlight.delete(controller);
    }
  }

  private client(name: string, options: { blocking?: boolean; failFast?: boolean } = {}): Redis {
    const client = createRedisClient(this.config.redisUrl, name, options);
    this.clients.push(client);
    return client;
  }
}
