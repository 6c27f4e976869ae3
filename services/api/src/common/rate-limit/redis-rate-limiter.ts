import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { namespacedKey } from '../../infrastructure/redis/redis-namespace.js';
import { REDIS, REDIS_NAMESPACE } from '../../infrastructure/redis/redis.tokens.js';

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

/** Rate limits shared by every instance on the same database (keys under the Redis namespace). */
@Injectable()
export class RedisRateLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_NAMESPACE) private readonly namespace: string,
  ) {}

  /** Milliseconds the key is still blocked for (0: not blocked). */
  async blockedFor(name: string, key: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(`${this.base(name, key)}:blocked`));
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
  }

  private base(name: string, key: string): string {
    return namespacedKey(this.namespace, 'rate-limit', name, key);
  }
}
