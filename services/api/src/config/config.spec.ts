import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ConfigError, DEV_JWT_SECRET, configWarnings, databaseNameOf, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/auction_draft',
      databaseName: 'auction_draft',
      databasePreferSocket: true,
      redisUrl: 'redis://127.0.0.1:6379',
      jwt: { secret: DEV_JWT_SECRET, expiresIn: '7d', usingDevSecret: true },
      admin: { email: 'admin@example.com', password: 'admin123', username: 'admin' },
      seedDemo: true,
      logLevel: 'info',
      nodeEnv: 'development',
      isProduction: false,
    });
    expect(config.webDistDir.endsWith(path.join('web', 'dist'))).toBe(true);
  });

  it('treats blank values as unset and reads the rest', () => {
    const config = loadConfig({
      PORT: ' ',
      DATABASE_URL: 'postgresql://u:p@db:5433/league%20one',
      SEED_DEMO: 'no',
      DATABASE_PREFER_SOCKET: 'false',
      ADMIN_EMAIL: 'Boss@Example.com',
      JWT_EXPIRES_IN: '3600',
    });
    expect(config.port).toBe(3000);
    expect(config.databaseName).toBe('league one');
    expect(config.seedDemo).toBe(false);
    expect(config.databasePreferSocket).toBe(false);
    expect(config.admin.email).toBe('boss@example.com');
    expect(config.jwt.expiresIn).toBe('3600');
  });

  it('reports Kafka as configured only when KAFKA_BROKERS is set, and reads the ops push interval', () => {
    expect(loadConfig({}).ops).toEqual({
      kafkaEnabled: false,
      topic: 'draft-events',
      relayName: 'draft-events',
      pushIntervalMs: 5000,
    });
    const config = loadConfig({ KAFKA_BROKERS: 'kafka:9092', OPS_FIGURES_PUSH_MS: '0', RELAY_NAME: 'r2' });
    expect(config.ops).toMatchObject({ kafkaEnabled: true, relayName: 'r2', pushIntervalMs: 0 });
    expect(problemsOf({ OPS_FIGURES_PUSH_MS: '-1' })).toEqual([
      'OPS_FIGURES_PUSH_MS must be 0 (off) or more',
    ]);
  });

  it('limits chat to 5 messages per user per 5 s unless CHAT_RATE_LIMIT / CHAT_RATE_WINDOW_MS say otherwise', () => {
    expect(loadConfig({}).chatRateLimit).toEqual({ messages: 5, windowMs: 5000 });
    expect(loadConfig({ CHAT_RATE_LIMIT: '20', CHAT_RATE_WINDOW_MS: '60000' }).chatRateLimit).toEqual({
      messages: 20,
      windowMs: 60000,
    });
    expect(problemsOf({ CHAT_RATE_LIMIT: '0', CHAT_RATE_WINDOW_MS: 'soon' })).toEqual([
      'CHAT_RATE_LIMIT must be at least 1',
      'CHAT_RATE_WINDOW_MS must be a number',
    ]);
  });

  it('allows 20 registrations an hour per client address unless REGISTER_RATE_LIMIT / REGISTER_RATE_WINDOW_MS say otherwise', () => {
    expect(loadConfig({}).registerRateLimit).toEqual({ accounts: 20, windowMs: 3_600_000 });
    expect(
      loadConfig({ REGISTER_RATE_LIMIT: '1000', REGISTER_RATE_WINDOW_MS: '60000' }).registerRateLimit,
    ).toEqual({ accounts: 1000, windowMs: 60_000 });
    expect(problemsOf({ REGISTER_RATE_LIMIT: '0', REGISTER_RATE_WINDOW_MS: '1h' })).toEqual([
      'REGISTER_RATE_LIMIT must be at least 1',
      'REGISTER_RATE_WINDOW_MS must be a number',
    ]);
  });

  it('trusts no proxy unless TRUST_PROXY names hops or addresses, and never every sender', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    for (const value of ['true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/8', 'loopback,']) {
      expect(problemsOf({ TRUST_PROXY: value })).toEqual([
        'TRUST_PROXY must be false, a number of proxy hops, or a comma-separated list of addresses, subnets (10.0.0.0/8) or loopback, linklocal, uniquelocal',
      ]);
    }
  });

  it('closes a socket that has not signed in after 30 s unless SOCKET_AUTH_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).socketAuthTimeoutMs).toBe(30_000);
    expect(loadConfig({ SOCKET_AUTH_TIMEOUT_MS: '5000' }).socketAuthTimeoutMs).toBe(5_000);
    expect(problemsOf({ SOCKET_AUTH_TIMEOUT_MS: '50' })).toEqual([
      'SOCKET_AUTH_TIMEOUT_MS must be at least 100',
    ]);
    expect(problemsOf({ SOCKET_AUTH_TIMEOUT_MS: 'later' })).toEqual([
      'SOCKET_AUTH_TIMEOUT_MS must be a number',
    ]);
  });

  it('leaves /metrics open unless METRICS_TOKEN is set, and refuses a short token', () => {
    expect(loadConfig({}).metrics).toEqual({ token: null });
    expect(loadConfig({ METRICS_TOKEN: ' a-long-enough-token ' }).metrics).toEqual({
      token: 'a-long-enough-token',
    });
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN must be at least 16 characters']);
  });

  it('lists every invalid variable with a message naming it', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/db',
      REDIS_URL: 'not a url',
      JWT_SECRET: 'short',
      JWT_EXPIRES_IN: 'forever',
      ADMIN_EMAIL: 'nope',
      ADMIN_PASSWORD: '123',
      ADMIN_USERNAME: 'a b',
      SEED_DEMO: 'maybe',
      LOG_LEVEL: 'loud',
    });
    expect(problems).toEqual([
      'PORT must be a number',
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://',
      'REDIS_URL must be a URL starting with redis:// or rediss://',
      'JWT_SECRET must be at least 16 characters',
      'JWT_EXPIRES_IN must look like 3600, 15m, 12h or 7d',
      'ADMIN_EMAIL must be an email address',
      'ADMIN_PASSWORD must be 6 to 128 characters',
      'ADMIN_USERNAME must be 3 to 30 letters, digits or underscores',
      'SEED_DEMO must be true or false',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
  });

  it('rejects out-of-range ports and database URLs without a database name', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual(['PORT must be between 0 and 65535']);
    expect(problemsOf({ DATABASE_PREFER_SOCKET: 'sometimes' })).toEqual([
      'DATABASE_PREFER_SOCKET must be true or false',
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgres://localhost:5432/' })).toEqual([
      'DATABASE_URL must name a database',
    ]);
    expect(problemsOf({ DATABASE_POOL_SIZE: '0' })).toEqual(['DATABASE_POOL_SIZE must be between 1 and 500']);
    expect(problemsOf({ DATABASE_POOL_SIZE: '501' })).toEqual([
      'DATABASE_POOL_SIZE must be between 1 and 500',
    ]);
    expect(problemsOf({ DATABASE_POOL_SIZE: '2.5' })).toEqual(['DATABASE_POOL_SIZE must be a whole number']);
    expect(problemsOf({ DATABASE_POOL_SIZE: 'many' })).toEqual(['DATABASE_POOL_SIZE must be a number']);
    expect(problemsOf({ DATABASE_APPEND_CONNECTIONS: '-1' })).toEqual([
      'DATABASE_APPEND_CONNECTIONS must be between 0 and 64',
    ]);
    expect(problemsOf({ DATABASE_APPEND_CONNECTIONS: '65' })).toEqual([
      'DATABASE_APPEND_CONNECTIONS must be between 0 and 64',
    ]);
    expect(problemsOf({ DATABASE_APPEND_CONNECTIONS: 'eight' })).toEqual([
      'DATABASE_APPEND_CONNECTIONS must be a number',
    ]);
  });

  it('sizes the raw pool from DATABASE_POOL_SIZE, 30 by default', () => {
    expect(loadConfig({}).databasePoolSize).toBe(30);
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
  });

  it('spreads the one-statement appends over DATABASE_APPEND_CONNECTIONS pipelined connections, 8 by default, 0 for the pool', () => {
    expect(loadConfig({ DATABASE_APPEND_CONNECTIONS: '0' }).databaseAppendConnections).toBe(0);
    expect(loadConfig({}).databaseAppendConnections).toBe(8);
    expect(loadConfig({ DATABASE_APPEND_CONNECTIONS: '2' }).databaseAppendConnections).toBe(2);
    expect(loadConfig({ DATABASE_APPEND_CONNECTIONS: '64' }).databaseAppendConnections).toBe(64);
  });

  it('keeps 2,000 draft states in memory unless DRAFT_STATE_CACHE_SIZE says otherwise', () => {
    expect(loadConfig({}).stateCache).toEqual({ drafts: 2_000 });
    expect(loadConfig({ DRAFT_STATE_CACHE_SIZE: '5000' }).stateCache).toEqual({ drafts: 5_000 });
    expect(problemsOf({ DRAFT_STATE_CACHE_SIZE: '9' })).toEqual([
      'DRAFT_STATE_CACHE_SIZE must be at least 10',
    ]);
    expect(problemsOf({ DRAFT_STATE_CACHE_SIZE: '1000001' })).toEqual([
      'DRAFT_STATE_CACHE_SIZE must be at most 1000000',
    ]);
    expect(problemsOf({ DRAFT_STATE_CACHE_SIZE: '2e3.5' })).toEqual([
      'DRAFT_STATE_CACHE_SIZE must be a number',
    ]);
  });

  it('says which variables are wrong in the error message', () => {
    expect(() => loadConfig({ PORT: 'x' })).toThrow(/Invalid configuration:\n {2}- PORT must be a number/);
  });
});

describe('configWarnings', () => {
  it('warns loudly about the development secret and admin password only in production', () => {
    expect(configWarnings(loadConfig({}))).toEqual([]);
    const warnings = configWarnings(loadConfig({ NODE_ENV: 'production' }));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/JWT_SECRET/);
    expect(warnings[1]).toMatch(/ADMIN_PASSWORD/);
    expect(
      configWarnings(
        loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ADMIN_PASSWORD: 'a-strong-one' }),
      ),
    ).toEqual([]);
  });
});

describe('databaseNameOf', () => {
  it('decodes the path and answers empty for nonsense', () => {
    expect(databaseNameOf('postgres://h/auction_x')).toBe('auction_x');
    expect(databaseNameOf('::')).toBe('');
  });
});
