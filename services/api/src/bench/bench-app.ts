/**
 * Starting and removing the app a benchmark measures: `npm start` (infra/scripts/start.mjs) on a port and database of
 * its own, dropped with its Redis keys afterwards. Shared by bench:auction and bench:capacity.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { openSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { loadConfig } from '../config/config.js';
import { preferLocalSocket, type DatabaseTransport } from '../infrastructure/database/local-socket.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
export const BENCH_ADMIN = {
  email: 'bench-admin@example.com',
  password: 'bench-admin-123',
  username: 'bench_admin',
};

/** Benchmarks register every owner from 127.0.0.1 (hundreds of drafts' worth), far beyond the per-address default. */
export const BENCH_REGISTER_RATE_LIMIT = '1000000';

export type RunningApp = ChildProcess & { exited: Promise<number | null> };

/** `--key=value` arguments (a bare `--flag` is 'true'). */
export function benchArgs(): Map<string, string> {
  return new Map(
    process.argv.slice(2).map((arg) => {
      const [key, value] = arg.replace(/^--/, '').split('=');
      return [key!, value ?? 'true'] as const;
    }),
  );
}

/** A fresh database name `auction_bench_<kind>_<random>` on the benchmark's PostgreSQL server, and its URL. */
export function benchDatabase(kind: string): { database: string; url: string } {
  const database = `auction_bench_${kind}_${randomBytes(4).toString('hex')}`;
  return { database, url: benchDatabaseUrl(database) };
}

/**
 * `npm start` as the README runs it, in a process group of its own (the start script and the API it spawns). The API's
 * stdout (its JSON log and what node flags such as `--trace-gc` print) is dropped unless `BENCH_API_STDOUT` names a
 * file to write it to.
 */
export function startApp(port: number, databaseUrl: string, env: Record<string, string> = {}): RunningApp {
  const child = spawn(process.execPath, ['infra/scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ADMIN_USERNAME: BENCH_ADMIN.username,
      LOG_LEVEL: 'warn',
      REGISTER_RATE_LIMIT: BENCH_REGISTER_RATE_LIMIT,
      ...env,
    },
    stdio: ['ignore', apiStdout(), 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return Object.assign(child, { exited });
}

function apiStdout(): 'ignore' | number {
  const file = process.env['BENCH_API_STDOUT'];
  return file ? openSync(file, 'w') : 'ignore';
}

export async function stopApp(app: RunningApp): Promise<void> {
  if (app.exitCode !== null || app.pid === undefined) return;
  signalGroup(app.pid, 'SIGTERM');
  await Promise.race([app.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  if (app.exitCode === null && app.signalCode === null) signalGroup(app.pid, 'SIGKILL');
}

/** The start script and the API it runs share a process group; it may be gone already. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The URL of database `name` on the benchmark's PostgreSQL server. */
export function benchDatabaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.href;
}

export async function dropBenchDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Every key under `namespace`, removed with SCAN (the Redis server may be shared). */
export async function deleteRedisKeys(namespace: string, redisUrl = REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const pattern = `${namespace.replace(/[*?[\]\\]/g, '\\$&')}*`;
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Drops the database and every Redis key of its namespace. */
export async function cleanUp(database: string): Promise<void> {
  await dropBenchDatabase(database);
  await deleteRedisKeys(`auction:${database}:`);
  console.log(`dropped ${database} and its Redis keys`);
}

/**
 * The way the app reaches `databaseUrl` (it reads the same DATABASE_PREFER_SOCKET, ADR 0028), so the benches measure
 * PostgreSQL's raw INSERT rate over the same transport as the app's commands, and say which one it was.
 */
export function appDatabaseTransport(databaseUrl: string): Promise<DatabaseTransport> {
  const { databasePreferSocket } = loadConfig({
    DATABASE_PREFER_SOCKET: process.env['DATABASE_PREFER_SOCKET'],
  });
  return preferLocalSocket(databaseUrl, { enabled: databasePreferSocket });
}

export function formatTransport(transport: DatabaseTransport): string {
  const how = transport.socketDirectory ? `Unix socket in ${transport.socketDirectory}` : 'TCP';
  return `PostgreSQL transport (the app's and the raw INSERTs'): ${how} (${transport.reason})`;
}

/** Single-row autocommit INSERTs for `seconds`, from `clients` connections at once: PostgreSQL's own rate. */
export async function rawInsertRate(databaseUrl: string, clients: number, seconds: number): Promise<number> {
  const setup = new pg.Client({ connectionString: databaseUrl });
  await setup.connect();
  await setup.query('CREATE TABLE IF NOT EXISTS bench_raw_inserts (id bigserial PRIMARY KEY, payload jsonb)');
  await setup.end();
  let inserts = 0;
  const until = performance.now() + seconds * 1000;
  const from = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        while (performance.now() < until) {
          await client.query('INSERT INTO bench_raw_inserts (payload) VALUES ($1)', ['{"amount": 1}']);
          inserts++;
        }
      } finally {
        await client.end();
      }
    }),
  );
  return inserts / ((performance.now() - from) / 1000);
}
