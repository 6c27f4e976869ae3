import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { closeRedisClient, createRedisClient } from '../../infrastructure/redis/redis.module.js';
import { namespacedKey } from '../../infrastructure/redis/redis-namespace.js';
import { RedisOutageLog } from '../../infrastructure/redis/redis-outage-log.js';
import { REDIS_NAMESPACE } from '../../infrastructure/redis/redis.tokens.js';

/**
 * Counts one hit in a fixed window; the hit that reaches the limit starts a block of `blockMs`. One atomic script,
 * so concurrent requests on several instances count exactly. Returns { hits, refused (0/1), retryAfterMs }.
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

  /** Milliseconds the key is still blocked for (0: not blocked, or Redis unavailable). */
  async blockedFor(name: string, key: string): Promise<number> {
    const ttl = await this.orOpen(() => this.redis.pttl(`${this.base(name, key)}:blocked`), 0);
    return Math.max(0, ttl);
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
