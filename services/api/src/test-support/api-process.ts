import { afterAll, beforeAll } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { databaseNameOf } from '../config/config.js';
import { redisNamespaceFor } from '../infrastructure/redis/redis-namespace.js';
import {
  deleteRedisKeys,
  dropDatabase,
  httpClient,
  newDatabaseUrl,
  TEST_REGISTER_RATE_LIMIT,
  type TestApp,
} from './app-harness.js';

// services/api/src/test-support → services/api
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'admin@example.com', password: 'admin123' };
const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';

export type ApiProcess = Pick<TestApp, 'request' | 'registerUser' | 'loginAdmin' | 'baseUrl'> & {
  child: ChildProcess;
  databaseUrl: string;
  /** Stops the process (SIGKILL for kill -9) and waits for it to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/** Builds services/api/dist (tsc -b: incremental, quick when nothing changed), which the child processes run. */
export async function buildApi(): Promise<void> {
  await promisify(execFile)('node', ['../../node_modules/typescript/bin/tsc', '-b', 'tsconfig.build.json'], {
    cwd: API_DIR,
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node dist/main.js` as its own process on a free port and waits until /api/health answers 200 (any answer
 * with `healthy: false`). `env` overrides the process's settings (a Redis of the test's own, say).
 */
export async function startApiProcess(
  databaseUrl = newDatabaseUrl(),
  env: Record<string, string> = {},
  { healthy = true }: { healthy?: boolean } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REGISTER_RATE_LIMIT: TEST_REGISTER_RATE_LIMIT,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited with ${child.exitCode}: ${stderr}`);
    // `healthy: false` waits only for an answer (a 503 while a service is down).
    const ready = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.status === 200 || !healthy,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`API process not ${healthy ? 'healthy' : 'answering'} within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    ...httpClient(baseUrl, ADMIN),
    baseUrl,
    child,
    databaseUrl,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * The set-up of a spec whose tests run API processes on one database of its own: builds dist before the tests; after
 * them, closes the sockets handed to `keep`, kills the processes `start` started (kill -9: nothing is left to wait for)
 * and drops the database and its Redis keys. Call it at the top level of the spec.
 */
export function apiProcessSuite(): {
  databaseUrl: string;
  /** Starts a process on the suite's database (or `databaseUrl`: the same database through a proxy, say). */
  start(env?: Record<string, string>, databaseUrl?: string): Promise<ApiProcess>;
  keep<S extends { disconnect(): unknown }>(...sockets: S[]): void;
} {
  const databaseUrl = newDatabaseUrl();
  const started: ApiProcess[] = [];
  const sockets: { disconnect(): unknown }[] = [];
  beforeAll(buildApi, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    for (const api of started) await api.kill('SIGKILL');
    await dropProcessDatabase(databaseUrl);
  });
  return {
    databaseUrl,
    async start(env = {}, url = databaseUrl) {
      const api = await startApiProcess(url, env);
      started.push(api);
      return api;
    },
    keep(...kept) {
      sockets.push(...kept);
    },
  };
}

/** Drops the processes' database and Redis keys (after every process on it was stopped). */
export async function dropProcessDatabase(databaseUrl: string): Promise<void> {
  const name = databaseNameOf(databaseUrl);
  await dropDatabase(name);
  await deleteRedisKeys(REDIS_URL, redisNamespaceFor(name));
}

export type RedisServerProcess = {
  url: string;
  stop(): Promise<void>;
  /** SIGSTOP / SIGCONT: connections stay open, nothing is answered (a hung or swapped-out Redis). */
  freeze(): void;
  thaw(): void;
};

/** A Redis server of the test's own (Debian's redis-server, nothing on disk), to take down mid-test or bring up late. */
export async function startRedisServer(port?: number): Promise<RedisServerProcess> {
  port ??= await freePort();
  const child = spawn(
    'redis-server',
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 10_000;
  while (!(await acceptsConnections(port))) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`redis-server did not start on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    freeze() {
      child.kill('SIGSTOP');
    },
    thaw() {
      child.kill('SIGCONT');
    },
  };
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
