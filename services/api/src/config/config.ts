import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHAT_RATE_LIMIT_DEFAULT } from '@auction/contracts';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@auction/domain';
import { z } from 'zod';
import { DEFAULT_DRAFT_STATE_CACHE_SIZE } from '../infrastructure/event-sourcing/folded-state-cache.js';

/** Documented development secret. Anyone can read it here, so production must set its own (see the warning). */
export const DEV_JWT_SECRET = 'dev-only-insecure-jwt-secret-change-me';

const ADMIN_PASSWORD_RULE = `ADMIN_PASSWORD must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`;
const ADMIN_USERNAME_RULE = `ADMIN_USERNAME must be ${USERNAME_MIN} to ${USERNAME_MAX} letters, digits or underscores`;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Where a player sync takes the pool from: the dataset shipped in assets/players (offline) or Sleeper's API. */
export const PLAYER_PROVIDERS = ['bundled', 'sleeper'] as const;
export type PlayerProviderName = (typeof PLAYER_PROVIDERS)[number];
export const DEFAULT_SLEEPER_BASE_URL = 'https://api.sleeper.app/v1';

// services/api/{src,dist}/config → repository root → web/dist
const DEFAULT_WEB_DIST_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../web/dist',
);

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  yes: true,
  false: false,
  '0': false,
  no: false,
};

const booleanFlag = (name: string) =>
  z
    .string()
    .transform((value, ctx) => {
      const parsed = BOOLEAN_WORDS[value.trim().toLowerCase()];
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
        return z.NEVER;
      }
      return parsed;
    })
    .default(true);

const urlWithProtocol = (name: string, protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/**
 * A whole-number variable with its messages: "must be a number", "must be a whole number", then "must be at least
 * MIN" / "must be at most MAX", or one "must be between MIN and MAX" with `between`; `minRule`/`maxRule` word a
 * bound otherwise (`minRule: '0 (off) or more'`).
 */
const wholeNumber = (
  name: string,
  bounds: { min: number; max?: number; between?: boolean; minRule?: string; maxRule?: string },
) => {
  const range = bounds.between ? `${name} must be between ${bounds.min} and ${bounds.max}` : undefined;
  const atLeast = z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(bounds.min, { error: range ?? `${name} must be ${bounds.minRule ?? `at least ${bounds.min}`}` });
  return bounds.max === undefined
    ? atLeast
    : atLeast.max(bounds.max, {
        error: range ?? `${name} must be ${bounds.maxRule ?? `at most ${bounds.max}`}`,
      });
};

/** Express's names for address ranges in `trust proxy`. */
const TRUSTED_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_RULE =
  'TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of addresses, subnets (10.0.0.0/8) or loopback, linklocal, uniquelocal';

/** An address, a subnet or a range name Express accepts in `trust proxy`. */
function isTrustedProxyEntry(entry: string): boolean {
  if (TRUSTED_PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: wholeNumber('PORT', { min: 0, max: 65535, between: true }).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: urlWithProtocol('DATABASE_URL', ['postgres:', 'postgresql:'])
    .refine((value) => databaseNameOf(value) !== '', { error: 'DATABASE_URL must name a database' })
    .default('postgres://postgres@127.0.0.1:5432/auction_draft'),
  DATABASE_PREFER_SOCKET: booleanFlag('DATABASE_PREFER_SOCKET'),
  DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', { min: 1, max: 500, between: true }).default(30),
  DATABASE_APPEND_CONNECTIONS: wholeNumber('DATABASE_APPEND_CONNECTIONS', {
    min: 0,
    max: 64,
    between: true,
  }).default(8),
  REDIS_URL: urlWithProtocol('REDIS_URL', ['redis:', 'rediss:']).default('redis://127.0.0.1:6379'),
  JWT_SECRET: z
    .string()
    .min(16, { error: 'JWT_SECRET must be at least 16 characters' })
    .default(DEV_JWT_SECRET),
  JWT_EXPIRES_IN: z
    .string()
    .regex(/^\d+\s*(s|m|h|d|w)?$/, { error: 'JWT_EXPIRES_IN must look like 3600, 15m, 12h or 7d' })
    .default('7d'),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL must be an email address' }).default('admin@example.com'),
  // The seeded admin signs in like anyone else, so it obeys the account limits.
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, { error: ADMIN_PASSWORD_RULE })
    .max(PASSWORD_MAX, { error: ADMIN_PASSWORD_RULE })
    .default('admin123'),
  ADMIN_USERNAME: z
    .string()
    .refine(
      (name) => name.length >= USERNAME_MIN && name.length <= USERNAME_MAX && USERNAME_PATTERN.test(name),
      { error: ADMIN_USERNAME_RULE },
    )
    .default('admin'),
  SEED_DEMO: booleanFlag('SEED_DEMO'),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  WEB_DIST_DIR: z.string().min(1).default(DEFAULT_WEB_DIST_DIR),
  PLAYER_PROVIDER: z
    .enum(PLAYER_PROVIDERS, { error: `PLAYER_PROVIDER must be one of ${PLAYER_PROVIDERS.join(', ')}` })
    .default('bundled'),
  SLEEPER_BASE_URL: urlWithProtocol('SLEEPER_BASE_URL', ['http:', 'https:']).default(
    DEFAULT_SLEEPER_BASE_URL,
  ),
  // Kafka is optional (ADR 0010): the API only reports whether it is configured; the relay and ops consumer use it.
  KAFKA_BROKERS: z.string().optional(),
  KAFKA_TOPIC: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,249}$/, { error: 'KAFKA_TOPIC must be a valid Kafka topic name' })
    .default('draft-events'),
  RELAY_NAME: z.string().min(1).default('draft-events'),
  OPS_FIGURES_PUSH_MS: wholeNumber('OPS_FIGURES_PUSH_MS', { min: 0, minRule: '0 (off) or more' }).default(
    5_000,
  ),
  CHAT_RATE_LIMIT: wholeNumber('CHAT_RATE_LIMIT', { min: 1 }).default(CHAT_RATE_LIMIT_DEFAULT.messages),
  CHAT_RATE_WINDOW_MS: wholeNumber('CHAT_RATE_WINDOW_MS', { min: 100 }).default(
    CHAT_RATE_LIMIT_DEFAULT.windowMs,
  ),
  SOCKET_AUTH_TIMEOUT_MS: wholeNumber('SOCKET_AUTH_TIMEOUT_MS', {
    min: 100,
    max: 3_600_000,
    maxRule: 'at most 3600000 (an hour)',
  }).default(30_000),
  ASYNC_PROJECTION_POLL_MS: wholeNumber('ASYNC_PROJECTION_POLL_MS', {
    min: 0,
    minRule: '0 (off) or more',
  }).default(500),
  ASYNC_PROJECTION_BATCH: wholeNumber('ASYNC_PROJECTION_BATCH', { min: 1, max: 100_000 }).default(1_000),
  DRAFT_STATE_CACHE_SIZE: wholeNumber('DRAFT_STATE_CACHE_SIZE', { min: 10, max: 1_000_000 }).default(
    DEFAULT_DRAFT_STATE_CACHE_SIZE,
  ),
  REGISTER_RATE_LIMIT: wholeNumber('REGISTER_RATE_LIMIT', { min: 1 }).default(20),
  REGISTER_RATE_WINDOW_MS: wholeNumber('REGISTER_RATE_WINDOW_MS', {
    min: 1_000,
    max: 604_800_000,
    maxRule: 'at most 604800000 (a week)',
  }).default(3_600_000),
  // Unset or false: the client address is the connection's, so X-Forwarded-For cannot choose it. `true` (trust any
  // sender) is refused: every client could then pick a fresh address for each request and escape per-address limits.
  TRUST_PROXY: z
    .string()
    .transform((value, ctx): false | number | string[] => {
      if (/^(false|0|no)$/i.test(value)) return false;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      if (entries.every(isTrustedProxyEntry)) return entries;
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_RULE });
      return z.NEVER;
    })
    .default(false),
  // Unset: GET /metrics is open on the API's port, like most Prometheus exporters (ADR 0014).
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
});

export interface AppConfig {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string;
  /** The database's name, which also namespaces every Redis key of this deployment. */
  databaseName: string;
  /** Whether a loopback DATABASE_URL goes through the same server's Unix socket when it can (ADR 0028). */
  databasePreferSocket: boolean;
  /**
   * Connections of the API's raw pool at most (appends, projections, reads). Each append holds one from its send
   * until the event loop reads the answer, so on a busy loop the pool, not PostgreSQL, bounds appends per second
   * (ADR 0037).
   */
  databasePoolSize: number;
  /**
   * Connections in pipeline mode that carry the bids' one-statement appends (ADR 0038), besides the pool:
   * DATABASE_APPEND_CONNECTIONS, 8 by default; 0 sends them over the pool.
   */
  databaseAppendConnections: number;
  redisUrl: string;
  jwt: { secret: string; expiresIn: string; usingDevSecret: boolean };
  admin: { email: string; password: string; username: string };
  seedDemo: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string;
  /** The player sync's provider, and Sleeper's API base (no trailing slash) for the `sleeper` provider. */
  players: { provider: PlayerProviderName; sleeperBaseUrl: string };
  /**
   * Ops figures (ADR 0012): whether Kafka is configured, the topic and relay checkpoint the figures are about, and
   * how often they are pushed to admin sockets (0: never).
   */
  ops: { kafkaEnabled: boolean; topic: string; relayName: string; pushIntervalMs: number };
  /** Chat messages one user may send per window, over every socket and instance (ADR 0006). */
  chatRateLimit: { messages: number; windowMs: number };
  /** Accounts one client address (an IPv6 /64) may create per window (POST /auth/register). */
  registerRateLimit: { accounts: number; windowMs: number };
  /**
   * Express's `trust proxy`: false (the connection's address is the client's), a number of proxy hops, or the
   * addresses of trusted proxies; only then is X-Forwarded-For read for the client address rate limits count by.
   */
  trustProxy: false | number | string[];
  /** How long a socket may stay connected without signing in (`authenticate`) before it is closed. */
  socketAuthTimeoutMs: number;
  /** GET /metrics: null means open; otherwise scrapes must send this bearer token. */
  metrics: { token: string | null };
  /** Asynchronous projections (ADR 0022): poll interval (0 = this process does not run them) and batch size. */
  asyncProjections: { pollMs: number; batchSize: number };
  /** Folded draft states the command runner keeps in memory (an LRU; others read and fold their stream again). */
  stateCache: { drafts: number };
}

/** Injection token for the validated AppConfig. */
export const CONFIG = Symbol('CONFIG');

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function databaseNameOf(databaseUrl: string): string {
  try {
    return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  } catch {
    return '';
  }
}

/**
 * Reads and validates the environment. Empty strings count as unset, so `PORT=` falls back to the default.
 * Throws a ConfigError listing every invalid variable (not only the first).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape)
      .map((key) => [key, env[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? 'environment');
        return issue.message.startsWith(variable) ? issue.message : `${variable}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseName: databaseNameOf(e.DATABASE_URL),
    databasePreferSocket: e.DATABASE_PREFER_SOCKET,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseAppendConnections: e.DATABASE_APPEND_CONNECTIONS,
    redisUrl: e.REDIS_URL,
    jwt: {
      secret: e.JWT_SECRET,
      expiresIn: e.JWT_EXPIRES_IN,
      usingDevSecret: e.JWT_SECRET === DEV_JWT_SECRET,
    },
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD, username: e.ADMIN_USERNAME },
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    players: { provider: e.PLAYER_PROVIDER, sleeperBaseUrl: e.SLEEPER_BASE_URL.replace(/\/+$/, '') },
    ops: {
      kafkaEnabled: (e.KAFKA_BROKERS ?? '') !== '',
      topic: e.KAFKA_TOPIC,
      relayName: e.RELAY_NAME,
      pushIntervalMs: e.OPS_FIGURES_PUSH_MS,
    },
    chatRateLimit: { messages: e.CHAT_RATE_LIMIT, windowMs: e.CHAT_RATE_WINDOW_MS },
    registerRateLimit: { accounts: e.REGISTER_RATE_LIMIT, windowMs: e.REGISTER_RATE_WINDOW_MS },
    trustProxy: e.TRUST_PROXY,
    socketAuthTimeoutMs: e.SOCKET_AUTH_TIMEOUT_MS,
    metrics: { token: e.METRICS_TOKEN ?? null },
    asyncProjections: { pollMs: e.ASYNC_PROJECTION_POLL_MS, batchSize: e.ASYNC_PROJECTION_BATCH },
    stateCache: { drafts: e.DRAFT_STATE_CACHE_SIZE },
  };
}

/** Loud, multi-line warnings to print at start-up (not errors: a dev secret in production still boots). */
export function configWarnings(config: AppConfig): string[] {
  const warnings: string[] = [];
  if (config.isProduction && config.jwt.usingDevSecret) {
    warnings.push(
      'JWT_SECRET is not set: using the PUBLIC development secret in NODE_ENV=production. ' +
        'Anyone can forge tokens. Set JWT_SECRET to a long random value.',
    );
  }
  if (config.isProduction && config.admin.password === 'admin123') {
    warnings.push('ADMIN_PASSWORD is the default "admin123" in NODE_ENV=production. Set ADMIN_PASSWORD.');
  }
  return warnings;
}
