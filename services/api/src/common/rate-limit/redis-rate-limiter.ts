import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { closeRedisClient, createRedisClient } from '../../infrastructure/redis/redis.module.js';
import { namespacedKey } from '../../infrastructure/redis/redis-namespace.js';
import { RedisOutageLog } from '../../infrastructure/redis/redis-outage-log.js';
import { REDIS_NAMESPACE } from '../../infrastructure/redis/redis.tokens.js';

/**
 * The opening of both window scripts (KEYS: hits, blocked; ARGV[1]: window ms): a blocked key answers refused with the
 * block's rest; otherwise one more hit is counted, the first of a window starting its expiry.
 */
const COUNT_IN_WINDOW = `
local blockMs = redis.call('PTTL', KEYS[2])
if blockMs > 0 then
  return { tonumber(redis.call('GET', KEYS[1]) or '0'), 1, blockMs }
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
`;

/**
 * Counts one hit in a fixed window; the hit that reaches the limit starts a block of `blockMs`. One atomic script,
 * so concurrent requests on several instances count exactly. Returns { hits, refused (0/1), retryAfterMs }.
 */
const HIT_SCRIPT = `${COUNT_IN_WINDOW}if hits >= tonumber(ARGV[2]) then redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]) end
return { hits, 0, 0 }
`;

/**
 * Takes one of the window's `limit` places for a request whose outcome decides whether it counts (a sign-in: only
 * failures count; a registration: only accounts created), BEFORE it runs, so a burst of simultaneous attempts cannot
 * all pass a check made before any of them ended. Places are held by counted outcomes and by requests still running;
 * when none is free the request is refused (retry after the window's rest) without blocking the key: running requests
 * may yet end otherwise and give theirs back (RELEASE_SCRIPT). KEEP_SCRIPT blocks the key once counted outcomes fill
 * the window. Returns { hits, refused, retryAfterMs }.
 */
const RESERVE_SCRIPT = `${COUNT_IN_WINDOW}if hits > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[1])
  return { hits - 1, 1, math.max(1, redis.call('PTTL', KEYS[1])) }
end
return { hits, 0, 0 }
`;

/** Gives back a reserved place, unless its window has ended meanwhile (the count started again without it). */
const RELEASE_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits > 0 then redis.call('DECR', KEYS[1]) end
return hits
`;

/**
 * A reserved request's outcome counts (a failed sign-in, an account created) and it keeps its place: the one that
 * fills the window blocks the key for `blockMs`.
 */
const KEEP_SCRIPT = `
local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
if hits >= tonumber(ARGV[1]) then redis.call('SET', KEYS[2], '1', 'PX', ARGV[2]) end
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
    return this.countInWindow(HIT_SCRIPT, name, key, limit, windowMs, blockMs);
  }

  /**
   * Reserves a place for a request that counts only if it fails (see RESERVE_SCRIPT): `refused` when the key is
   * blocked or `limit` places are already taken in this window. Call `release` when the outcome does not count.
   */
  async reserve(
    name: string,
    key: string,
    limit: number,
    windowMs: number,
    blockMs = windowMs,
  ): Promise<{ hits: number; refused: boolean; retryAfterMs: number }> {
    return this.countInWindow(RESERVE_SCRIPT, name, key, limit, windowMs, blockMs);
  }

  /** Gives back a place `reserve` took, for a request whose outcome does not count (a successful sign-in). */
  async release(name: string, key: string): Promise<void> {
    await this.orOpen(() => this.redis.eval(RELEASE_SCRIPT, 1, `${this.base(name, key)}:hits`), 0);
  }

  /** A reserved request's outcome counts (it keeps its place): blocks the key for `blockMs` once they fill the window. */
  async counted(name: string, key: string, limit: number, blockMs: number): Promise<void> {
    const base = this.base(name, key);
    await this.orOpen(
      () =>
        this.redis.eval(
          KEEP_SCRIPT,
          2,
          `${base}:hits`,
          `${base}:blocked`,
          String(limit),
          String(Math.max(1, Math.ceil(blockMs))),
        ),
      0,
    );
  }

  /** Runs HIT_SCRIPT or RESERVE_SCRIPT (same keys and arguments): not limited when Redis cannot answer. */
  private countInWindow(
    script: string,
    name: string,
    key: string,
    limit: number,
    windowMs: number,
    blockMs: number,
  ): Promise<{ hits: number; refused: boolean; retryAfterMs: number }> {
    const base = this.base(name, key);
    return this.orOpen(async () => {
      const [hits, refused, retryAfterMs] = (await this.redis.eval(
        script,
        2,
        `${base}:hits`,
        `${base}:blocked`,
        String(Math.max(1, Math.ceil(windowMs))),
        String(limit),
        String(Math.max(1, Math.ceil(blockMs))),
      )) as [number, number, number];
      return { hits, refused: refused === 1, retryAfterMs };
    }, NOT_LIMITED);
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
