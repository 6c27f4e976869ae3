import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DraftState } from '@auction/domain';
import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { CONFIG, type AppConfig } from '../../../config/config.js';
import { PG_POOL } from '../../../infrastructure/database/database.module.js';
import { createRedisClient } from '../../../infrastructure/redis/redis.module.js';
import { bullmqPrefixFor } from '../../../infrastructure/redis/redis-namespace.js';
import { REDIS_NAMESPACE } from '../../../infrastructure/redis/redis.tokens.js';
import { ApiMetrics } from '../../../infrastructure/metrics/api-metrics.js';
import { DraftCommitHooks, DraftStream } from '../../drafts/index.js';
import { isDomainError } from './domain-error.js';
import {
  DRAFT_TIMERS_QUEUE,
  TIMER_GRACE_MS,
  timerFor,
  type DraftTimerJob,
} from './draft-timers.constants.js';
import { fireDraftTimer } from './fire-draft-timer.js';

type TimerJob = Job<DraftTimerJob['data']>;

/**
 * The draft clocks as BullMQ delayed jobs on the namespaced `draft-timers` queue (they survive a restart of the
 * API: Redis keeps them). After every committed draft command the timer its new state needs is armed; at start-up
 * every active draft's timer is armed again, due at once when overdue (an auction whose deadline passed while no
 * API ran is completed straight away). A timer that fires on a state that moved on is refused by the decider
 * (still running, paused, no-op) and dropped.
 *
 * Redis is not trusted to keep them: a job can be lost with Redis's data, stay locked by a worker killed while
 * running it, or be failed; DraftTimersSweeper fires from PostgreSQL whatever the queue missed.
 */
@Injectable()
export class DraftTimersQueue implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  readonly name = 'timers';
  private readonly logger = new Logger('DraftTimers');
  private readonly prefix: string;
  private readonly clients: Redis[] = [];
  /** The timer this process armed last per draft: replaced timers are removed so stale jobs do not pile up. */
  private readonly armed = new Map<string, string>();
  private queue!: Queue;
  private worker: Worker | undefined;

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    @Inject(REDIS_NAMESPACE) namespace: string,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftCommitHooks) private readonly hooks: DraftCommitHooks,
    @Inject(ApiMetrics) private readonly metrics: ApiMetrics,
  ) {
    this.prefix = bullmqPrefixFor(namespace);
  }

  onModuleInit(): void {
    this.queue = new Queue(DRAFT_TIMERS_QUEUE, {
      connection: this.client('draft-timers-queue'),
      prefix: this.prefix,
      defaultJobOptions: {
        // A transient failure (database restarting) is retried; a refusal is not a failure (see run).
        attempts: 5,
        backoff: { type: 'exponential', delay: 200 },
        removeOnComplete: true,
        removeOnFail: { count: 100 },
      },
    });
    this.queue.on('error', (error) => this.logger.warn(`queue: ${error.message}`));
    this.hooks.register({
      name: this.name,
      afterwards: (draftId, result) => this.arm(draftId, result.state),
    });
  }

  /** After init, so no timer runs before the migrations (createApp runs them before app.init()). */
  async onApplicationBootstrap(): Promise<void> {
    this.worker = new Worker(DRAFT_TIMERS_QUEUE, (job: TimerJob) => this.run(job), {
      connection: this.client('draft-timers-worker', { blocking: true }),
      prefix: this.prefix,
      concurrency: 16,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    await this.rearmAll();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.worker?.close(), this.queue?.close()]);
    await Promise.allSettled(this.clients.map((client) => client.quit().catch(() => client.disconnect())));
  }

  /**
   * Arms the timer `state` needs (none when no clock runs). Adding a job id that exists adds nothing, which is
   * what a second instance arming the same deadline wants; `replaceDead` (start-up) first removes a job of that id
   * that already ended (a failed one would otherwise stay the deadline's only job).
   */
  async arm(
    draftId: string,
    state: DraftState,
    { now = Date.now(), replaceDead = false }: { now?: number; replaceDead?: boolean } = {},
  ): Promise<void> {
    const timer = timerFor(draftId, state);
    const previous = this.armed.get(draftId);
    if (timer) this.armed.set(draftId, timer.jobId);
    else this.armed.delete(draftId);
    if (previous && previous !== timer?.jobId) {
      // Best effort: a stale timer that still fires is refused by the decider anyway.
      void this.queue.remove(previous).catch(() => undefined);
    }
    if (!timer) return;
    if (replaceDead) await this.removeEnded(timer.jobId);
    await this.queue.add(timer.name, timer.data, {
      jobId: timer.jobId,
      delay: Math.max(0, timer.dueAt - now),
    });
  }

  /** Start-up: every active draft's clock again, from the log (nothing is lost if Redis lost its jobs). */
  async rearmAll(): Promise<void> {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT id FROM drafts WHERE status = 'active' AND deleted_at IS NULL`,
    );
    for (const { id } of rows) {
      try {
        const { state } = await this.drafts.read(id);
        await this.arm(id, state, { replaceDead: true });
      } catch (error) {
        this.logger.warn(`could not re-arm the timers of draft ${id}: ${(error as Error).message}`);
      }
    }
  }

  /** A job still active may be a crashed worker's (locked until its lock expires): the sweeper covers that one. */
  private async removeEnded(jobId: string): Promise<void> {
    const state = await this.queue.getJobState(jobId);
    if (state === 'failed' || state === 'completed') await this.queue.remove(jobId);
  }

  private async run(job: TimerJob): Promise<void> {
    try {
      await fireDraftTimer(this.commandBus, { name: job.name, data: job.data } as DraftTimerJob);
      // The job was due TIMER_GRACE_MS after the clock's deadline; lateness counts from the deadline itself.
      this.metrics.observeTimerLateness(job.name, job.timestamp + (job.opts.delay ?? 0) - TIMER_GRACE_MS);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      // Refused: the state moved on (a later bid, a pause, already completed), so this job has nothing to do;
      // make sure the timer the state needs now exists. If that is this very job, the deadline has not passed
      // by this host's clock (clock skew between instances): fail, so BullMQ tries again a little later.
      const { state } = await this.drafts.read(job.data.draftId);
      if (timerFor(job.data.draftId, state)?.jobId === job.id) throw error;
      await this.arm(job.data.draftId, state);
    }
  }

  private client(name: string, options: { blocking?: boolean } = {}): Redis {
    const client = createRedisClient(this.config.redisUrl, name, options);
    this.clients.push(client);
    return client;
  }
}
