import type { SqlClient } from '@auction/event-store';

/** Runs a function in one transaction: BEGIN, fn, COMMIT, or ROLLBACK when it throws (PostgresEventStore). */
export interface Transactions {
  withTransaction<R>(fn: (tx: SqlClient) => Promise<R>): Promise<R>;
}

/** The timer's handle: only unref is needed, so a test clock can hand out anything that has one. */
export interface IntervalHandle {
  unref(): unknown;
}

/** The time source of the loop, injectable so tests drive the ticks themselves. */
export interface Clock {
  now(): number;
  setInterval(tick: () => void, ms: number): IntervalHandle;
  clearInterval(handle: IntervalHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (tick, ms) => setInterval(tick, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

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
 * it). The timer is unref'd (it never keeps the process alive), a round still running when the next tick comes makes
 * that tick a no-op (no overlap, no queue), and a failed round is logged and left to the next tick: a background
 * chore must not take the API down.
 */
export class PeriodicLockedTask<T> {
  private readonly clock: Clock;
  private interval: IntervalHandle | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: PeriodicLockedTaskOptions<T>) {
    this.clock = options.clock ?? systemClock;
  }

  start(): void {
    if (this.interval) return;
    this.interval = this.clock.setInterval(() => this.tick(), this.options.intervalMs);
    this.interval.unref();
  }

  /** Stops the ticks and waits for a round in flight (shutdown must not close the pool under it). */
  async stop(): Promise<void> {
    if (this.interval) this.clock.clearInterval(this.interval);
    this.interval = undefined;
    await this.running;
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

  private tick(): void {
    if (this.running || !this.interval) return;
    this.running = this.runOnce()
      .catch((error: Error) => this.options.logger.warn(`${this.options.what} failed: ${error.message}`))
      .finally(() => (this.running = undefined));
  }
}
