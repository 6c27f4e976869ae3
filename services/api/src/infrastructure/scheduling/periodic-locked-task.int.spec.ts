import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabaseIfMissing, PostgresEventStore } from '@auction/event-store';
import pg from 'pg';
import { dropDatabase, newDatabaseUrl } from '../../test-support/app-harness.js';
import { PeriodicLockedTask } from './periodic-locked-task.js';

const databaseUrl = newDatabaseUrl();
let pool: pg.Pool;
let store: PostgresEventStore;

beforeAll(async () => {
  await createDatabaseIfMissing(databaseUrl);
  pool = new pg.Pool({ connectionString: databaseUrl, max: 5 });
  await pool.query('CREATE TABLE rounds (n int)');
  store = new PostgresEventStore(pool);
});

afterAll(async () => {
  await pool?.end();
  await dropDatabase(new URL(databaseUrl).pathname.slice(1));
});

function taskWith(lockKey: number | string, run: (tx: pg.PoolClient) => Promise<number>) {
  return new PeriodicLockedTask<number>({
    what: 'test round',
    intervalMs: 60_000,
    lockKey,
    transactions: store,
    run: (tx) => run(tx as pg.PoolClient),
    logger: { warn: () => undefined },
  });
}

const insertRound = async (tx: pg.PoolClient) =>
  (await tx.query('INSERT INTO rounds VALUES (1)')).rowCount ?? 0;

/** Runs `during` while another session holds the transaction-level lock `lockSql`. */
async function whileHeld<T>(lockSql: string, params: unknown[], during: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(lockSql, params);
    return await during();
  } finally {
    await holder.query('COMMIT');
    holder.release();
  }
}

describe('PeriodicLockedTask against PostgreSQL', () => {
  it('skips the round while another session holds the lock (a bigint key), runs it once the lock is free', async () => {
    const task = taskWith(4_207_311_902, insertRound);
    expect(
      await whileHeld('SELECT pg_advisory_xact_lock($1)', [4_207_311_902], () => task.runOnce()),
    ).toBeNull();
    expect(await task.runOnce()).toBe(1);
  });

  it('hashes a text key the way hashtext() does', async () => {
    const task = taskWith('auction.test.periodic', insertRound);
    const key = 'auction.test.periodic';
    expect(
      await whileHeld('SELECT pg_advisory_xact_lock(hashtext($1))', [key], () => task.runOnce()),
    ).toBeNull();
    expect(await task.runOnce()).toBe(1);
  });

  it('holds the lock for the whole round and lets it go with the transaction, also when the round fails', async () => {
    let entered!: () => void;
    let release!: () => void;
    const inRound = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = taskWith(77, async (tx) => {
      entered();
      await gate;
      return insertRound(tx);
    });
    const other = taskWith(77, insertRound);
    const first = slow.runOnce();
    await inRound;
    expect(await other.runOnce()).toBeNull();
    release();
    expect(await first).toBe(1);

    const before = Number((await pool.query('SELECT count(*) FROM rounds')).rows[0].count);
    const failing = taskWith(77, async (tx) => {
      await insertRound(tx);
      throw new Error('round failed');
    });
    await expect(failing.runOnce()).rejects.toThrow('round failed');
    expect(Number((await pool.query('SELECT count(*) FROM rounds')).rows[0].count)).toBe(before);
    expect(await other.runOnce()).toBe(1);
  });
});
