import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { LuaScript } from './lua-script.js';

/** Just what LuaScript calls, recording the calls; Redis "knows" a script once it was loaded. */
function fakeRedis(knows = false) {
  const calls: string[] = [];
  const loaded = new Set<string>(knows ? ['*'] : []);
  const redis = {
    async evalsha(sha: string, numKeys: number, ...rest: unknown[]) {
      calls.push(`evalsha ${sha.slice(0, 8)} ${numKeys} ${rest.join(',')}`);
      if (!loaded.has('*') && !loaded.has(sha))
        throw new Error('NOSCRIPT No matching script. Please use EVAL.');
      return 'ok';
    },
    async script(command: string, source: string) {
      calls.push(`script ${command}`);
      loaded.add(createHash('sha1').update(source).digest('hex'));
    },
  };
  return { redis: redis as unknown as Redis, calls };
}

describe('LuaScript', () => {
  it('runs by SHA, sending only keys and arguments', async () => {
    const script = new LuaScript('return 1');
    const { redis, calls } = fakeRedis(true);
    expect(await script.run(redis, ['k1', 'k2'], ['a', 3])).toBe('ok');
    expect(calls).toEqual([`evalsha ${script.sha.slice(0, 8)} 2 k1,k2,a,3`]);
    expect(script.sha).toBe(createHash('sha1').update('return 1').digest('hex'));
  });

  it('loads the script when Redis does not know it (first call, restart, flush) and runs it again once', async () => {
    const script = new LuaScript('return 2');
    const { redis, calls } = fakeRedis(false);
    expect(await script.run(redis, ['k'], [])).toBe('ok');
    expect(calls.map((call) => call.split(' ')[0])).toEqual(['evalsha', 'script', 'evalsha']);
  });

  it('passes other errors through', async () => {
    const script = new LuaScript('return 3');
    const redis = {
      evalsha: async () => {
        throw new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
      },
    } as unknown as Redis;
    await expect(script.run(redis, ['k'], [])).rejects.toThrow('WRONGTYPE');
  });
});
