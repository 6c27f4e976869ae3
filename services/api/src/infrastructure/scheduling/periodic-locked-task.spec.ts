import { describe, expect, it } from '@jest/globals';
import type { SqlClient } from '@auction/event-store';
import { ManualClock } from './__tests__/manual-clock.js';
import { PeriodicLockedTask, type PeriodicLockedTaskOptions } from './periodic-locked-task.js';

/** A transaction that answers the lock query with `locked` and records what was sent. */
class FakeTransactions {
  locked = true;
  statements: { text: string; params?: unknown[] }[] = [];
  readonly tx: SqlClient = {
    query: async <R>(text: string, params?: unknown[]) => {
      this.statements.push({ text, params });
      return { rows: [{ locked: this.locked } as R], rowCount: 1 };
    },
  };

  withTransaction<R>(fn: (tx: SqlClient) => Promise<R>): Promise<R> {
    return fn(this.tx);
  }
}

function deferred(): {
  promise: Promise<string>;
  resolve: (value: string) => void;
  reject: (e: Error) => void;
} {
  let resolve!: (value: string) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setUp(run: PeriodicLockedTaskOptions<string>['run'], lockKey: number | string = 42) {
  const clock = new ManualClock();
  const transactions = new FakeTransactions();
  const warnings: string[] = [];
  const task = new PeriodicLockedTask<string>({
    what: 'chore',
    intervalMs: 500,
    lockKey,
    transactions,
    run,
    logger: { warn: (message) => warnings.push(message) },
    clock,
  });
  return { clock, transactions, warnings, task };
}

describe('PeriodicLockedTask', () => {
  it('runs a round every interval inside the transaction that took the lock, on an unref’d timer', async () => {
    const rounds: { tx: SqlClient; now: number }[] = [];
    const { clock, transactions, task } = setUp(async (tx, now) => {
      rounds.push({ tx, now });
      return 'done';
    });
    task.start();
    expect(clock.everyMs).toBe(500);
    expect(clock.unrefs).toBe(1);
    expect(rounds).toHaveLength(0);

    clock.fire();
    await settle();
    clock.time = 1_500;
    clock.fire();
    await settle();

    expect(rounds).toEqual([
      { tx: transactions.tx, now: 1_000 },
      { tx: transactions.tx, now: 1_500 },
    ]);
    expect(transactions.statements[0]).toEqual({
      text: 'SELECT pg_try_advisory_xact_lock($1) AS locked',
      params: [42],
    });
  });

  it('hashes a text key with hashtext()', async () => {
    const { transactions, task } = setUp(async () => 'done', 'some.chore');
    expect(await task.runOnce()).toBe('done');
    expect(transactions.statements).toEqual([
      { text: 'SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', params: ['some.chore'] },
    ]);
  });

  it('skips the round when another process holds the lock', async () => {
    let rounds = 0;
    const { clock, transactions, warnings, task } = setUp(async () => {
      rounds += 1;
      return 'done';
    });
    transactions.locked = false;
    expect(await task.runOnce()).toBeNull();
    task.start();
    clock.fire();
    await settle();
    expect(rounds).toBe(0);
    expect(warnings).toEqual([]);

    transactions.locked = true;
    clock.fire();
    await settle();
    expect(rounds).toBe(1);
  });

  it('never overlaps rounds: a tick while one runs does nothing, the next one after it runs again', async () => {
    const pending = [deferred(), deferred()];
    let rounds = 0;
    const { clock, task } = setUp(() => pending[rounds++]!.promise);
    task.start();
    clock.fire();
    await settle();
    clock.fire();
    clock.fire();
    await settle();
    expect(rounds).toBe(1);

    pending[0]!.resolve('first');
    await settle();
    clock.fire();
    await settle();
    expect(rounds).toBe(2);
    pending[1]!.resolve('second');
  });

  it('logs a failed round instead of throwing, and runs again on the next tick', async () => {
    let rounds = 0;
    const { clock, warnings, task } = setUp(async () => {
      rounds += 1;
      if (rounds === 1) throw new Error('connection reset');
      return 'done';
    });
    task.start();
    clock.fire();
    await settle();
    expect(warnings).toEqual(['chore failed: connection reset']);

    clock.fire();
    await settle();
    expect(rounds).toBe(2);
    expect(warnings).toHaveLength(1);
  });

  it('stops: clears the timer, waits for the round in flight, and a late tick runs nothing', async () => {
    const round = deferred();
    let rounds = 0;
    const { clock, task } = setUp(() => {
      rounds += 1;
      return round.promise;
    });
    task.start();
    const tick = clock.tickFn;
    clock.fire();
    await settle();

    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await settle();
    expect(clock.cleared).toBe(1);
    expect(stopped).toBe(false);

    round.resolve('done');
    await stopping;
    expect(stopped).toBe(true);

    clock.fire(tick);
    await settle();
    expect(rounds).toBe(1);
  });
});
