import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { closeRedisClient, createRedisClient } from '../../infrastructure/redis/redis.module.js';
import { namespacedKey } from '../../infrastructure/redis/redis-namespace.js';
import { RedisOutageLog } from '../../infrastructure/redis/redis-outage-log.js';
import { REDIS_NAMESPACE } from '../../infrastructure/redis/redis.tokens.js';

/**
 * Counts one hit in a fixed window (KEYS: hits, blocked; ARGV: window ms, limit, block ms); the hit that reaches the
 * limit starts a block of `blockMs`, and a blocked key answers refused with the block's rest. One atomic script, so
 * concurrent requests on several instances count exactly. Returns { hits, refused (0/1), retryAfterMs }.
 */
const HIT_SCRIPT = `
local blockMs = redis.call('PTTL', KEYS[2])
if blockMs > 0 then
  return { tonumber(redis.call('GET', KEYS[1]) or '0'), 1, blockMs }
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
if hits >= tonumber(ARGV[2]) then redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]) end
return { hits, 0, 0 }
`;

/**
 * How long a reserved place is held for a request still running. A process killed (kill -9) or cut off from Redis
 * between a reservation and its answer never gives its places back: they are free again after this, and never count
 * as outcomes (a crash in the middle of ten sign-ins must not block anyone). Longer than any request takes
 * (a sign-in or registration is one password hash and a query or two); one still running after it keeps its outcome
 * but no longer holds a place.
 */
export const RESERVATION_LEASE_MS = 30_000;

/**
 * Takes one of the window's `limit` places for a request whose outcome decides whether it counts (a sign-in: only
 * failures count; a registration: only accounts created), BEFORE it runs, so a burst of simultaneous attempts cannot
 * all pass a check made before any of them ended. Places are held by the window's counted outcomes (KEYS[1], a
 * counter) and by requests still running (KEYS[3]: reservation id → lease end, by Redis's clock). When none is free the
 * request is refused without blocking the key (running requests may yet end otherwise and give theirs back), told to
 * retry when the first lease or the window ends. ARGV: limit, lease ms, reservation id.
 * Returns { places taken, refused (0/1), retryAfterMs }.
 */
const RESERVE_SCRIPT = `
local blockMs = redis.call('PTTL', KEYS[2])
if blockMs > 0 then return { 0, 1, blockMs } end
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local taken = tonumber(redis.call('GET', KEYS[1]) or '0') + redis.call('ZCARD', KEYS[3])
if taken >= tonumber(ARGV[1]) then
  local wait = redis.call('PTTL', KEYS[1])
  local first = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
  if first[2] and (wait <= 0 or tonumber(first[2]) - now < wait) then wait = tonumber(first[2]) - now end
  return { taken, 1, math.max(1, wait) }
end
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return { taken + 1, 0, 0 }
`;

/** Gives back a reserved place (KEYS[1]: the running requests; ARGV[1]: the reservation id). */
const RELEASE_SCRIPT = `return redis.call('ZREM', KEYS[1], ARGV[1])`;

/**
 * A reserved request's outcome counts (a failed sign-in, an account created): its place moves from the running
 * requests to the window's counter (KEYS: hits, blocked, running; ARGV: id, window ms, limit, block ms), the first
 * of a window starting its expiry; the one that fills the window blocks the key for `blockMs`.
 */
const KEEP_SCRIPT = `
redis.call('ZREM', KEYS[3], ARGV[1])
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if hits >= tonumber(ARGV[3]) then redis.call('SET', KEYS[2], '1', 'PX', ARGV[4]) end
return hits
`;

const NOT_LIMITED = { hits: 0, refused: false, retryAfterMs: 0 } as const;

/**
 * Rate limits shared by every instance on the same database (keys under the Redis namespace).
 *
 * They fail open (ADR 0032): with Redis down, or connected but not answering, a limit is not checked rather than
 * making the request or chat message wait (a silent Redis held them forever) or fail. The limiter has its own
 * fail-fast client: a command is refused at once while disconnected and given up after
 * FAIL_FAST_COMMAND_TIMEOUT_MS unanswered.
 */
@Injectable()
export class RedisRateLimiter implements OnApplicationShutdown {
  private readonly logger = new Logger(RedisRateLimiter.name);
  private readonly redis: Redis;
  private readonly outage = new RedisOutageLog(
    this.logger,
    'rate limits are not checked',
    'rate limits are checked again',
  );

  constructor(
    @Inject(CONFIG) config: AppConfig,
    @Inject(REDIS_NAMESPACE) private readonly namespace: string,
  ) {
    this.redis = createRedisClient(config.redisUrl, 'rate-limit', { failFast: true });
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedisClient(this.redis);
  }

  /** Counts a hit. `refused` when the key was already blocked; the limit-th hit itself is let through. */
  async hit(
    name: string,
    key: string,
    limit: number,
    windowMs: number,
    blockMs = windowMs,
  ): Promise<{ hits: number; refused: boolean; retryAfterMs: number }> {
    const base = this.base(name, key);
    return this.orOpen(async () => {
      const [hits, refused, retryAfterMs] = (await this.redis.eval(
        HIT_SCRIPT,
        2,
        `${base}:hits`,
        `${base}:blocked`,
        milliseconds(windowMs),
        String(limit),
        milliseconds(blockMs),
      )) as [number, number, number];
      return { hits, refused: refused === 1, retryAfterMs };
    }, NOT_LIMITED);
  }

  /**
   * Reserves a place for a request that counts only for some outcomes (see RESERVE_SCRIPT): `refused` when the key
   * is blocked or `limit` places are taken. Then call `counted` or `release` with the answered `reservation`.
   */
  async reserve(
    name: string,
    key: string,
    limit: number,
  ): Promise<{ refused: boolean; retryAfterMs: number; reservation: string }> {
    const base = this.base(name, key);
    const reservation = randomUUID();
    return this.orOpen(
      async () => {
        const [, refused, retryAfterMs] = (await this.redis.eval(
          RESERVE_SCRIPT,
          3,
          `${base}:hits`,
          `${base}:blocked`,
          `${base}:running`,
          String(limit),
          String(RESERVATION_LEASE_MS),
          reservation,
        )) as [number, number, number];
        return { refused: refused === 1, retryAfterMs, reservation };
      },
      { refused: false, retryAfterMs: 0, reservation },
    );
  }

  /** Gives back a place `reserve` took, for a request whose outcome does not count (a successful sign-in). */
  async release(name: string, key: string, reservation: string): Promise<void> {
    await this.orOpen(
      () => this.redis.eval(RELEASE_SCRIPT, 1, `${this.base(name, key)}:running`, reservation),
      0,
    );
  }

  /** A reserved request's outcome counts (it keeps its place for the window): blocks the key once they fill it. */
  async counted(
    name: string,
    key: string,
    reservation: string,
    limit: number,
    windowMs: number,
    blockMs = windowMs,
  ): Promise<void> {
    const base = this.base(name, key);
    await this.orOpen(
      () =>
        this.redis.eval(
          KEEP_SCRIPT,
          3,
          `${base}:hits`,
          `${base}:blocked`,
          `${base}:running`,
          reservation,
          milliseconds(windowMs),
          String(limit),
          milliseconds(blockMs),
        ),
      0,
    );
  }

  /** The Redis answer, or `open` when Redis could not give one in time: logged once per outage. */
  private async orOpen<T>(ask: () => Promise<T>, open: T): Promise<T> {
    try {
      const answer = await ask();
      this.outage.answered();
      return answer;
    } catch (error) {
      this.outage.failed(error);
      return open;
    }
  }

  private base(name: string, key: string): string {
    return namespacedKey(this.namespace, 'rate-limit', name, key);
  }
}

/** A duration for PEXPIRE / PX: a whole number of milliseconds, at least 1. */
const milliseconds = (ms: number): string => String(Math.max(1, Math.ceil(ms)));
