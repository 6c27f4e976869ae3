import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { ApiEnvelope, User } from '@auction/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createApp } from '../bootstrap.js';
import { loadConfig, type AppConfig } from '../config/config.js';
import { redisNamespaceFor } from '../infrastructure/redis/redis-namespace.js';

const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_PASSWORD = 'password123';
/** Accounts per hour from one address in test apps and processes: tests register every user from 127.0.0.1. */
export const TEST_REGISTER_RATE_LIMIT = '1000000';

export interface TestResponse<T = unknown> {
  status: number;
  body: ApiEnvelope<T>;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with Content-Type application/json (malformed JSON, oversized bodies). */
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface TestUser {
  token: string;
  user: User;
  email: string;
  password: string;
}

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  baseUrl: string;
  databaseUrl: string;
  databaseName: string;
  redisNamespace: string;
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** Registers `name` (username; email `<name>@example.test`, password TEST_PASSWORD) and answers its token. */
  registerUser(name: string): Promise<TestUser>;
  /** Logs in as the bootstrap admin (once; later calls reuse the token). */
  loginAdmin(): Promise<TestUser>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Start a second instance on another app's database (it shares Redis presence, rooms and jobs with it). */
  shareDatabaseWith?: TestApp;
  /** Extra environment for loadConfig (e.g. WEB_DIST_DIR). SEED_DEMO defaults to false, LOG_LEVEL to silent. */
  env?: Record<string, string>;
}

/**
 * Boots the real app (createApp: migrations, admin bootstrap, socket adapter) on a random port against a fresh
 * database `auction_test_api_<random>`. The Redis namespace follows from the database name, so parallel test
 * files never share keys. `close()` stops the app, drops the database (FORCE) and deletes its Redis keys.
 */
export async function startTestApp(options: StartOptions = {}): Promise<TestApp> {
  const owner = !options.shareDatabaseWith;
  const databaseUrl = options.shareDatabaseWith?.databaseUrl ?? newDatabaseUrl();
  const config = loadConfig({
    REDIS_URL: process.env['REDIS_URL'],
    NODE_ENV: 'test',
    SEED_DEMO: 'false',
    LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'silent',
    // Every test registers its users from 127.0.0.1; the limit's own tests set REGISTER_RATE_LIMIT back.
    REGISTER_RATE_LIMIT: TEST_REGISTER_RATE_LIMIT,
    ...options.env,
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: '0',
  });

  let app: NestExpressApplication;
  try {
    ({ app } = await createApp(config));
  } catch (error) {
    if (owner) await dropDatabase(config.databaseName).catch(() => undefined);
    throw error;
  }
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const redisNamespace = redisNamespaceFor(config.databaseName);

  const { request, registerUser, loginAdmin } = httpClient(baseUrl, config.admin);
  let closed = false;
  return {
    app,
    config,
    baseUrl,
    databaseUrl,
    databaseName: config.databaseName,
    redisNamespace,
    request,
    registerUser,
    loginAdmin,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      if (owner) {
        await dropDatabase(config.databaseName);
        await deleteRedisKeys(config.redisUrl, redisNamespace);
      }
    },
  };
}

/** HTTP helpers against a running API (in this process or a child process). */
export function httpClient(
  baseUrl: string,
  adminCredentials: { email: string; password: string },
): Pick<TestApp, 'request' | 'registerUser' | 'loginAdmin'> {
  const request = async <T>(
    method: string,
    path: string,
    opts: RequestOptions = {},
  ): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.rawBody !== undefined || opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = opts.rawBody ?? JSON.stringify(opts.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: ApiEnvelope<T>;
    try {
      parsed = JSON.parse(text) as ApiEnvelope<T>;
    } catch {
      throw new Error(`${method} ${path} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  const authenticate = async (path: string, payload: object, expected: number): Promise<TestUser> => {
    const response = await request<{ user: User; token: string }>('POST', path, { body: payload });
    if (response.status !== expected) {
      throw new Error(`${path} answered ${response.status}: ${response.body.message}`);
    }
    const { email, password } = payload as { email: string; password: string };
    return { token: response.body.data.token, user: response.body.data.user, email, password };
  };

  let admin: Promise<TestUser> | undefined;
  return {
    request,
    registerUser: (name) =>
      authenticate(
        '/api/auth/register',
        { username: name, email: `${name.toLowerCase()}@example.test`, password: TEST_PASSWORD },
        201,
      ),
    loginAdmin: () =>
      (admin ??= authenticate(
        '/api/auth/login',
        { email: adminCredentials.email, password: adminCredentials.password },
        200,
      )),
  };
}

export function newDatabaseUrl(): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/auction_test_api_${randomBytes(5).toString('hex')}`;
  return url.href;
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Deletes every key of the namespace (SCAN, never KEYS: the Redis server may be shared). */
export async function deleteRedisKeys(redisUrl: string, namespace: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${escapeGlob(namespace)}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
