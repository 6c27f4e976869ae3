import { describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { OWNERSHIP_STALE_MS, OWNERSHIP_TTL_MS, TeamOwnershipCache } from './team-ownership.cache.js';

/** A pool that answers the ownership query from a map and counts the queries (a unit test of the cache only). */
function poolOwning(owned: Map<string, string[]>) {
  const calls: string[] = [];
  let failNext = false;
  const pool = {
    query: async ({ values }: { values: [string] }) => {
      calls.push(values[0]);
      if (failNext) {
        failNext = false;
        throw new Error('connection reset');
      }
      return { rows: (owned.get(values[0]) ?? []).map((id) => ({ id })) };
    },
  } as unknown as Pool;
  return { pool, calls, failOnce: () => (failNext = true) };
}

describe('TeamOwnershipCache', () => {
  it('shares one query among concurrent lookups of a user and answers from memory until it expires', async () => {
    const owned = new Map([['u1', ['t1']]]);
    const { pool, calls } = poolOwning(owned);
    const cache = new TeamOwnershipCache(pool);
    const now = 1_000_000;
    const answers = await Promise.all([1, 2, 3].map(() => cache.ownedTeamIds('u1', now)));
    expect(answers).toEqual([['t1'], ['t1'], ['t1']]);
    expect(calls).toEqual(['u1']);

    owned.set('u1', ['t2']);
    expect(await cache.ownedTeamIds('u1', now + OWNERSHIP_TTL_MS - 1)).toEqual(['t1']);
    expect(calls).toEqual(['u1']);
  });

  it('answers an entry past its TTL at once and re-reads it in the background, once', async () => {
    const owned = new Map([['u1', ['t1']]]);
    const { pool, calls } = poolOwning(owned);
    const cache = new TeamOwnershipCache(pool);
    expect(await cache.ownedTeamIds('u1', 0)).toEqual(['t1']);
    owned.set('u1', ['t2']);
    const [first, second] = [
      cache.ownedTeamIds('u1', OWNERSHIP_TTL_MS),
      cache.ownedTeamIds('u1', OWNERSHIP_TTL_MS + 1),
    ];
    expect([await first, await second]).toEqual([['t1'], ['t1']]);
    expect(calls).toEqual(['u1', 'u1']);
    expect(await cache.ownedTeamIds('u1', OWNERSHIP_TTL_MS + 2)).toEqual(['t2']);
    expect(calls).toHaveLength(2);
  });

  it('waits for a fresh read once an entry is OWNERSHIP_STALE_MS old', async () => {
    const owned = new Map([['u1', ['t1']]]);
    const { pool, calls } = poolOwning(owned);
    const cache = new TeamOwnershipCache(pool);
    expect(await cache.ownedTeamIds('u1', 0)).toEqual(['t1']);
    owned.set('u1', []);
    expect(await cache.ownedTeamIds('u1', OWNERSHIP_STALE_MS)).toEqual([]);
    expect(calls).toEqual(['u1', 'u1']);
  });

  it('keeps the entry when a background re-read fails, and tries again on the next lookup', async () => {
    const { pool, calls, failOnce } = poolOwning(new Map([['u1', ['t1']]]));
    const cache = new TeamOwnershipCache(pool);
    expect(await cache.ownedTeamIds('u1', 0)).toEqual(['t1']);
    failOnce();
    expect(await cache.ownedTeamIds('u1', OWNERSHIP_TTL_MS)).toEqual(['t1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.ownedTeamIds('u1', OWNERSHIP_TTL_MS + 1)).toEqual(['t1']);
    expect(calls).toHaveLength(3);
  });

  it('forgets everything when this process changes an owner', async () => {
    const owned = new Map([['u1', ['t1']]]);
    const { pool } = poolOwning(owned);
    const cache = new TeamOwnershipCache(pool);
    expect(await cache.ownedTeamIds('u1', 0)).toEqual(['t1']);
    owned.set('u1', []);
    cache.forgetAll();
    expect(await cache.ownedTeamIds('u1', 1)).toEqual([]);
  });

  it('does not keep a failed lookup', async () => {
    const { pool, calls, failOnce } = poolOwning(new Map([['u1', ['t1']]]));
    const cache = new TeamOwnershipCache(pool);
    failOnce();
    await expect(cache.ownedTeamIds('u1', 0)).rejects.toThrow('connection reset');
    expect(await cache.ownedTeamIds('u1', 1)).toEqual(['t1']);
    expect(calls).toHaveLength(2);
  });
});
