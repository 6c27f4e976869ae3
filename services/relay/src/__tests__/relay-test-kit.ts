import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createDatabaseIfMissing,
  eventStoreSchemaSql,
  PostgresEventStore,
  START,
  type Checkpoint,
} from '@auction/event-store';
import type { ScriptedAppend } from '@auction/kafka/testing';
import pg from 'pg';
import { relaySchemaSql } from '../relay-checkpoint.store.js';

const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const RELAY_MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/main.js');

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  store: PostgresEventStore;
  drop(): Promise<void>;
}

/** A fresh database with the event store and the relay's table, dropped (forcibly) afterwards. */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `auction_test_relay_${label}_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  await createDatabaseIfMissing(url.href);
  const pool = new pg.Pool({ connectionString: url.href, max: 5 });
  pool.on('error', () => undefined);
  await pool.query(eventStoreSchemaSql);
  await pool.query(relaySchemaSql);
  return {
    url: url.href,
    pool,
    store: new PostgresEventStore(pool),
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

/** Appends the script one append at a time, as the live auction does (expected version 'any': no checks needed). */
export async function appendAll(
  store: PostgresEventStore,
  appends: readonly ScriptedAppend[],
): Promise<void> {
  for (const append of appends) {
    await store.append(append.streamId, append.events, { expectedVersion: 'any' });
  }
}

/**
 * The checkpoint after the whole log as it stands (the test is done appending), read the way the relay reads it.
 * It pages until it has every committed event rather than until a page comes back empty: an empty page only
 * says no event is below the server's snapshot xmin yet, which a transaction of another database holds back.
 */
export async function logEnd(
  db: Pick<TestDatabase, 'store' | 'pool'>,
): Promise<Checkpoint & { events: number }> {
  const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');
  const total = rows[0]!.n;
  const deadline = Date.now() + 45_000;
  let checkpoint = START;
  let events = 0;
  while (events < total) {
    if (Date.now() > deadline) throw new Error(`logEnd: read ${events} of ${total} events`);
    const page = await db.store.readAll(checkpoint, 1_000);
    if (page.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    events += page.events.length;
    checkpoint = page.checkpoint;
  }
  return { ...checkpoint, events };
}

export async function storedCheckpoint(pool: pg.Pool, name: string): Promise<number> {
  const { rows } = await pool.query<{ p: string }>(
    'SELECT global_position AS p FROM relay_checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? Number(rows[0].p) : 0;
}

/** Polls `check`; on timeout the error carries the relay's recent log lines, if given, to show why. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  relayOutput: readonly string[] = [],
  // Generous: any long transaction on the shared server holds the gap-safe reader back meanwhile.
  timeoutMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; relay log:\n${relayOutput.slice(-15).join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface RelayProcess {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** The built relay (dist/main.js) as its own process, the way it runs in production. */
export function spawnRelay(env: Record<string, string>): RelayProcess {
  const child = spawn(process.execPath, [RELAY_MAIN], {
    // The mock cluster cannot hand out producer ids (see KafkaSettings.idempotent). No metrics port unless asked:
    // relays of parallel test files would fight over the default one.
    env: {
      PATH: process.env['PATH'] ?? '',
      LOG_LEVEL: 'info',
      KAFKA_IDEMPOTENT: 'false',
      RELAY_METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}
