import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { PostgresEventStore, type SqlClient } from '@auction/event-store';
import { ApiMetrics } from '../../../infrastructure/metrics/api-metrics.js';
import { PeriodicLockedTask } from '../../../infrastructure/scheduling/periodic-locked-task.js';
import { DraftStream } from '../../drafts/index.js';
import { isDomainError } from './domain-error.js';
import { TIMER_GRACE_MS, timerFor, type DraftTimerJob } from './draft-timers.constants.js';
import { fireDraftTimer } from './fire-draft-timer.js';

/** How often the sweep looks for overdue deadlines. */
export const SWEEP_INTERVAL_MS = 1000;
/**
 * How long after its due time a timer is left to its queued job before the sweep fires it itself: the job fires
 * at the due time, so the sweep only acts when the job is lost (Redis lost its data), failed or is held by a
 * crashed worker's lock. A deadline is thus fired at most about SWEEP_SLACK_MS + SWEEP_INTERVAL_MS late.
 */
export const SWEEP_SLACK_MS = 750;
/** pg_try_advisory_xact_lock key: one API process sweeps at a time (advisory locks are per database). */
export const SWEEP_LOCK_KEY = 4_207_311_902;

/** A refused sweep fire (no player left to auto-nominate, a clock behind the deadline) is retried this often. */
export const SWEEP_RETRY_MS = 5000;

type KnownTimer = {
  version: number;
  timer: DraftTimerJob | null;
  /** Set once the sweep fired this timer: not again before then. */
  retryAt?: number;
};

/**
 * The safety net under the BullMQ timers. The deadlines live in the event log (PostgreSQL); Redis only holds a
 * copy as delayed jobs, which a Redis restart without persistence, a failover or an eviction loses, and which a
 * worker killed mid-job keeps locked (and a second crash moves to failed), so re-adding the same job id is a
 * no-op. Every second one API process (an advisory lock) lists the active drafts with their stream version, works
 * out each draft's timer from its folded state (re-read only when the version moved) and fires every one overdue
 * by more than the slack. Firing twice is harmless (see fireDraftTimer); the expected-version append makes one
 * winner between processes. It judges by the deadline in the log, never by job ids or due times, so it agrees with
 * the queue's rule that a bid arms no job (the job is moved to the deadline when it fires early): a job moved on
 * time is never overdue here, and one lost while the API runs is no longer replaced by the next bid, so this sweep
 * is what fires it.
 */
@Injectable()
export class DraftTimersSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('DraftTimersSweeper');
  private readonly known = new Map<string, KnownTimer>();
  private readonly task: PeriodicLockedTask<DraftTimerJob[]>;

  constructor(
    @Inject(PostgresEventStore) store: PostgresEventStore,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(ApiMetrics) private readonly metrics: ApiMetrics,
  ) {
    this.task = new PeriodicLockedTask({
      what: 'sweep',
      intervalMs: SWEEP_INTERVAL_MS,
      lockKey: SWEEP_LOCK_KEY,
      transactions: store,
      run: (tx, now) => this.sweepLocked(tx, now),
      logger: this.logger,
    });
  }

  /**
   * The first pass at once: after a crash the deadlines that passed meanwhile (their jobs still locked by the dead
   * worker, so the start-up re-arm cannot replace them) fire as the API comes up, not a sweep interval later.
   */
  onApplicationBootstrap(): void {
    this.task.start({ immediately: true });
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** One pass; answers the timers it fired (none when another process holds the sweep). */
  async sweep(now = Date.now()): Promise<DraftTimerJob[]> {
    return (await this.task.runOnce(now)) ?? [];
  }

  private async sweepLocked(tx: SqlClient, now: number): Promise<DraftTimerJob[]> {
    const { rows } = await tx.query<{ id: string; version: number }>(
      `SELECT id, version FROM drafts WHERE status = 'active' AND deleted_at IS NULL`,
    );
    const overdue: KnownTimer[] = [];
    for (const { id, version } of rows) {
      const known = await this.knownTimerOf(id, version);
      const due = known.timer && known.timer.dueAt + SWEEP_SLACK_MS <= now;
      if (due && (known.retryAt === undefined || known.retryAt <= now)) overdue.push(known);
    }
    this.forgetAllBut(new Set(rows.map((row) => row.id)));
    await Promise.all(overdue.map((known) => this.fire(known, now)));
    return overdue.map((known) => known.timer!);
  }

  private async knownTimerOf(draftId: string, version: number): Promise<KnownTimer> {
    const known = this.known.get(draftId);
    if (known?.version === version) return known;
    const read = await this.drafts.readAtLeast(draftId, version);
    const fresh = { version: read.version, timer: timerFor(draftId, read.state) };
    this.known.set(draftId, fresh);
    return fresh;
  }

  private forgetAllBut(active: Set<string>): void {
    for (const draftId of this.known.keys()) if (!active.has(draftId)) this.known.delete(draftId);
  }

  private async fire(known: KnownTimer, now: number): Promise<void> {
    const timer = known.timer!;
    const late = `${timer.name} of draft ${timer.data.draftId}, ${now - timer.dueAt} ms after it was due`;
    if (known.retryAt === undefined) {
      this.logger.warn(`${late}: fired from PostgreSQL, its queued job did not run (lost, failed, or stuck)`);
    }
    // A fire that changes the draft moves its version, which makes a fresh entry; one that was refused (no player
    // left to auto-nominate, this host's clock behind the deadline) is tried again later, quietly.
    known.retryAt = now + SWEEP_RETRY_MS;
    try {
      await fireDraftTimer(this.commandBus, timer);
      this.metrics.observeTimerLateness(timer.name, timer.dueAt - TIMER_GRACE_MS);
    } catch (error) {
      if (isDomainError(error)) return;
      known.retryAt = now; // a failure (the database restarting): the next pass tries again
      this.logger.warn(`${late}: ${(error as Error).message}`);
    }
  }
}
