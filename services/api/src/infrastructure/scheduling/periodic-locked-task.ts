import type { SqlClient } from '@auction/event-store';
import { PeriodicTask, systemClock, type Clock } from './periodic-task.js';

/** Runs a function in one transaction: BEGIN, fn, COMMIT, or ROLLBACK when it throws (PostgresEventStore). */
export interface Transactions {
  withTransaction<R>(fn: (tx: SqlClient) => Promise<R>): Promise<R>;
}

export type { Clock, IntervalHandle } from './periodic-task.js';

export interface PeriodicLockedTaskOptions<T> {
  /** Starts its log line: `${what} failed: <message>`. */
  what: string;
  intervalMs: number;
  /**
   * pg_try_advisory_xact_lock key: a number is the bigint itself, a text goes through hashtext(). Advisory locks are
   * per database, so the key is what makes one process of the deployment run a round while the others skip it.
   */
  lockKey: number | string;
  transactions: Transactions;
  /** One round, inside the transaction that holds the lock; `now` is the round's time. */
  run: (tx: SqlClient, now: number) => Promise<T>;
  logger: { warn(message: string): unknown };
  clock?: Clock;
}

/**
 * Every intervalMs, one round of `run` in a transaction that first tries a transaction-scoped advisory lock: when
 * another process holds it the round is skipped (it ends with that process's transaction, so a crashed holder frees
 * it). The loop is a PeriodicTask: unref'd, no overlap, no queue, a failed round logged and left to the next tick.
 */
export class PeriodicLockedTask<T> {
  private readonly clock: Clock;
  private readonly loop: PeriodicTask;

  constructor(private readonly options: PeriodicLockedTaskOptions<T>) {
    this.clock = options.clock ?? systemClock;
    this.loop = new PeriodicTask({
      what: options.what,
      intervalMs: options.intervalMs,
      run: () => this.runOnce(),
      logger: options.logger,
      clock: this.clock,
    });
  }

  start(options?: { immediately?: boolean }): void {
    this.loop.start(options);
  }

  /** Stops the ticks and waits for a round in flight (shutdown must not close the pool under it). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One round now, under the lock: what `run` answered, or null when another process holds the lock. */
  runOnce(now = this.clock.now()): Promise<T | null> {
    const { lockKey, transactions, run } = this.options;
    return transactions.withTransaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>(
        typeof lockKey === 'number'
          ? 'SELECT pg_try_advisory_xact_lock($1) AS locked'
          : 'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked',
        [lockKey],
      );
      if (!rows[0]?.locked) return null;
      return run(tx, now);
    });
  }
}
