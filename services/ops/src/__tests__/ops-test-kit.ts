import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabaseIfMissing, eventStoreSchemaSql } from '@auction/event-store';
import pg from 'pg';

const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The built relay of services/relay (an Nx implicit dependency, so it is built before these tests). */
const RELAY_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../relay/dist/main.js');

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `auction_test_ops_${label}_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  await createDatabaseIfMissing(url.href);
  const pool = new pg.Pool({ connectionString: url.href, max: 4 });
  pool.on('error', () => undefined);
  await pool.query(eventStoreSchemaSql);
  return {
    url: url.href,
    pool,
    async drop() {
      const admin = new pg.Client({ connectionString: SERVER_URL });
      await admin.connect();
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
      await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    },
  };
}

export function spawnRelay(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [RELAY_MAIN], {
    // The mock cluster cannot hand out producer ids (see KafkaSettings.idempotent). No metrics port unless asked:
    // relays of parallel test files would fight over the default one.
    env: {
      PATH: process.env['PATH'] ?? '',
      LOG_LEVEL: 'error',
      KAFKA_IDEMPOTENT: 'false',
      RELAY_METRICS_PORT: '0',
      ...env,
    },
    stdio: 'ignore',
  });
}

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
