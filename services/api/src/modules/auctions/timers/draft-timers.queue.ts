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
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { CONFIG, type AppConfig } from '../../../config/config.js';
import { PG_POOL } from '../../../infrastructure/database/database.module.js';
import { closeBullmq, createRedisClient } from '../../../infrastructure/redis/redis.module.js';
import { bullmqPrefixFor } from '../../../infrastructure/redis/redis-namespace.js';
import { REDIS_NAMESPACE } from '../../../infrastructure/redis/redis.tokens.js';
import { ApiMetrics } from '../../../infrastructure/metrics/api-metrics.js';
import { DraftCommitHooks, DraftStream } from '../../drafts/index.js';
import { isDomainError } from './domain-error.js';
import {
  DRAFT_TIMERS_QUEUE,
  TIMER_GRACE_MS,
  clockOf,
  planArm,
  timerFor,
  type ArmedTimer,
  type DraftTimerJob,
} from './draft-timers.constants.js';
import { fireDraftTimer } from './fire-draft-timer.js';

type TimerJob = Job<DraftTimerJob['data']>;

/**
 * The draft clocks as BullMQ delayed jobs on the namespaced `draft-timers` queue (they survive a restart of the
 * API: Redis keeps them). After every committed draft command the timer its new state needs is armed when it must
 * fire earlier than the job this process already armed for that clock (see planArm): a bid, which only pushes the
 * deadline later, touches no Redis. A job that fires before its clock's current deadline is moved to it (no
 * command, no event). At start-up every active draft's timer is armed again, due at once when overdue (an auction
 * whose deadline passed while no API ran is completed straight away). A timer that fires on a state that moved on
 * is refused by the decider (paused, no-op) and dropped.
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
  /**
   * The job this process armed last per draft, and when it is due: a later deadline of the same clock needs no new
   * job, and replaced ones are removed so stale jobs do not pile up. Forgotten when that job fails for good and
   * when the Redis connection is (re)established (a restarted Redis may have lost the jobs).
   */
  private readonly armed = new Map<string, ArmedTimer>();
  private queue!: Queue;
  private worker: Worker | undefined;
  private rearming: Promise<void> | undefined;
  private rearmAgain = false;

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
    // A command's answer waits for its timer to be armed: while Redis is down that must fail at once (the sweep
    // fires the deadline from PostgreSQL), not after ioredis's reconnect attempts (10+ s into an outage).
    const connection = this.client('draft-timers-queue', { failFast: true });
    // At the first connection and after every reconnect: what Redis holds is unknown (it may have lost its data, and
    // arms failed while it was away), so every active draft's clock is armed again from the log.
    connection.on('ready', () => {
      this.armed.clear();
      this.rearmInBackground();
    });
    this.queue = new Queue(DRAFT_TIMERS_QUEUE, {
      connection,
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
  onApplicationBootstrap(): void {
    this.worker = new Worker(DRAFT_TIMERS_QUEUE, (job: TimerJob, token?: string) => this.run(job, token), {
      connection: this.client('draft-timers-worker', { blocking: true }),
      prefix: this.prefix,
      concurrency: 16,
    });
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    // Failed for good (retries spent): that job no longer covers its clock, so the next command arms again.
    this.worker.on('failed', (job) => {
      if (job?.finishedOn) this.forget(job.data.draftId, job.id);
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await closeBullmq([this.worker, this.queue], this.clients);
  }

  /**
   * Arms the timer `state` needs when it must fire earlier than the job this process armed for that clock (none
   * when no clock runs; see planArm). Adding a job id that exists adds nothing, which is what a second instance
   * arming the same deadline wants; `replaceDead` (start-up) first removes a job of that id that already ended (a
   * failed one would otherwise stay the deadline's only job).
   */
  async arm(
    draftId: string,
    state: DraftState,
    { now = Date.now(), replaceDead = false }: { now?: number; replaceDead?: boolean } = {},
  ): Promise<void> {
    const plan = planArm(this.armed.get(draftId), timerFor(draftId, state));
    if (plan.next) this.armed.set(draftId, plan.next);
    else this.armed.delete(draftId);
    // Best effort: a stale timer that still fires is refused by the decider anyway.
    if (plan.remove) void this.queue.remove(plan.remove).catch(() => undefined);
    const timer = plan.add;
    if (!timer) return;
    try {
      if (replaceDead) await this.removeEnded(timer.jobId);
      await this.queue.add(timer.name, timer.data, {
        jobId: timer.jobId,
        delay: Math.max(0, timer.dueAt - now),
      });
    } catch (error) {
      // Not armed after all: the next command tries again (the sweeper covers the deadline meanwhile).
      this.forget(draftId, timer.jobId);
      throw error;
    }
    this.metrics.countTimerArm(timer.name, 'added');
  }

  /**
   * Never awaited by the start-up: with Redis down BullMQ's first command waits for a connection, and the API must
   * serve (answer health checks, take commands; the sweep fires deadlines) meanwhile. One pass at a time; a reconnect
   * during a pass asks for another.
   */
  private rearmInBackground(): void {
    if (this.rearming) {
      this.rearmAgain = true;
      return;
    }
    this.rearming = this.rearmAll()
      .catch((error: Error) => this.logger.warn(`could not re-arm the timers: ${error.message}`))
      .finally(() => {
        this.rearming = undefined;
        if (this.rearmAgain) {
          this.rearmAgain = false;
          this.rearmInBackground();
        }
      });
  }

  /** Every active draft's clock again, from the log (nothing is lost if Redis lost its jobs). */
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

  private async run(job: TimerJob, token: string | undefined): Promise<void> {
    const { draftId } = job.data;
    const { state } = await this.drafts.read(draftId);
    const current = this.sameClock(timerFor(draftId, state), job);
    // Bids moved the deadline later since this job was armed: wait for the deadline, no command.
    if (current && current.dueAt > Date.now()) return this.postpone(job, token, current);
    try {
      await fireDraftTimer(this.commandBus, { name: job.name, data: job.data } as DraftTimerJob);
      // The job was due TIMER_GRACE_MS after the clock's deadline; lateness counts from the deadline itself.
      const dueAt = current?.dueAt ?? job.timestamp + (job.opts.delay ?? 0);
      this.metrics.observeTimerLateness(job.name, dueAt - TIMER_GRACE_MS);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      // Refused: the state moved on (a bid on another instance this fold had not seen, a pause, completed).
      const { state: fresh } = await this.drafts.read(draftId);
      const timer = this.sameClock(timerFor(draftId, fresh), job);
      if (timer && timer.dueAt > Date.now()) return this.postpone(job, token, timer);
      // Still this clock's due timer, refused all the same (this host's clock behind the deadline's, no player
      // left to auto-nominate): fail, so BullMQ tries again a little later.
      if (timer) throw error;
      // Another clock, or none: make sure the timer the state needs now exists.
      await this.arm(draftId, fresh);
    }
  }

  private sameClock(timer: DraftTimerJob | null, job: TimerJob): DraftTimerJob | null {
    return timer && clockOf(timer) === clockOf({ name: job.name, data: job.data, jobId: job.id ?? '' })
      ? timer
      : null;
  }

  /** Moves this very job to the clock's current deadline (BullMQ's "delay a running job": no new job id). */
  private async postpone(job: TimerJob, token: string | undefined, timer: DraftTimerJob): Promise<never> {
    await job.moveToDelayed(timer.dueAt, token);
    const armed = this.armed.get(job.data.draftId);
    if (armed && armed.jobId === job.id) this.armed.set(job.data.draftId, { ...armed, dueAt: timer.dueAt });
    this.metrics.countTimerArm(job.name, 'postponed');
    throw new DelayedError();
  }

  private forget(draftId: string, jobId: string | undefined): void {
    if (this.armed.get(draftId)?.jobId === jobId) this.armed.delete(draftId);
  }

  private client(name: string, options: { blocking?: boolean; failFast?: boolean } = {}): Redis {
    const client = createRedisClient(this.config.redisUrl, name, options);
    this.clients.push(client);
    return client;
  }
}
