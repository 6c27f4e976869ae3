import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabaseIfMissing } from '../create-database.js';
import { eventStoreSchemaSql } from '../event-store.schema.js';

const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  name: string;
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A fresh, uniquely named database with the event-store schema, so test files never see each other's rows. */
export async function createTestDatabase(label: string, poolSize = 10): Promise<TestDatabase> {
  const name = `auction_test_es_${label}_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  await createDatabaseIfMissing(url.href);
  const pool = new pg.Pool({ connectionString: url.href, max: poolSize });
  // drop() terminates leftover connections; an idle client then reports it, which is expected, not a crash.
  pool.on('error', () => undefined);
  await pool.query(eventStoreSchemaSql);
  return {
    name,
    url: url.href,
    pool,
    async drop() {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      try {
        // FORCE first: it ends any transaction a failed test left open, which would otherwise hold the
        // server-wide snapshot xmin back (stalling every readAll on the server) and keep pool.end() waiting.
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}

/** A promise with its resolver outside, to hold a transaction open exactly as long as a test wants. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export function uniqueStream(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

/** Waits until `count` backends of this database are blocked on a lock, i.e. a race is really contended. */
export async function waitForLockWaiters(pool: pg.Pool, count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (rows[0]!.n >= count) return;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} backends waiting on a lock, saw ${rows[0]!.n}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
