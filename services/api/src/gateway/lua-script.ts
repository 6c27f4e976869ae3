import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Redis Lua script run by its SHA1 (EVALSHA): the text travels and is compiled once per Redis server, not on
 * every call. EVAL with the text sent the whole script on each presence change (4,800 connecting sockets: two
 * scripts each) and Redis hashed it every time. A server that does not know the script yet (first call, restart,
 * SCRIPT FLUSH) answers NOSCRIPT; the script is then loaded and the call repeated once.
 */
export class LuaScript {
  readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      await redis.script('LOAD', this.source);
      return redis.evalsha(this.sha, keys.length, ...keys, ...args);
    }
  }
}

function isNoScript(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOSCRIPT');
}
