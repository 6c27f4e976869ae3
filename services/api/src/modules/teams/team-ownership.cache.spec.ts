import { describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { changeMessage, unitTeamChanges } from './__tests__/team-changes.fake.js';
import { TEAM_CACHE_SPREAD, TEAM_CACHE_TTL_MS, UNSUBSCRIBED_TTL_MS } from './team-change.js';
import { TeamOwnershipCache } from './team-ownership.cache.js';

/**
 * A pool that answers the ownership query from a map when the test releases it (so a read can be held in flight)
 * and records which users were read (a unit test of the cache only).
 */
function poolOwning(owned: Map<string, string[]>) {
  const calls: string[] = [];
  const held: Array<() => void> = [];
  let failNext = false;
  let hold = false;
  const pool = {
    query: ({ values }: { values: [string] }) => {
      calls.push(values[0]);
      if (failNext) {
        failNext = false;
        return Promise.reject(new Error('connection reset'));
      }
      // Answers what the table holds when the read runs, as PostgreSQL would.
      const answer = () => ({ rows: (owned.get(values[0]) ?? []).map((id) => ({ id })) });
      if (!hold) return Promise.resolve(answer());
      const rows = answer();
      return new Promise((resolve) => held.push(() => resolve(rows)));
    },
  } as unknown as Pool;
  return {
    pool,
    calls,
    failOnce: () => (failNext = true),
    holdReads: () => (hold = true),
    releaseReads: async () => {
      hold = false;
      while (held.length > 0) held.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const LONGEST_TTL_MS = TEAM_CACHE_TTL_MS * (1 + TEAM_CACHE_SPREAD);

describe('TeamOwnershipCache', () => {
  it('shares one query among concurrent lookups and answers from memory for TEAM_CACHE_TTL_MS', async () => {
    const owned = new Map([['u1', ['t1']]]);
    const { pool, calls } = poolOwning(owned);
    const cache = new TeamOwnershipCache(pool, unitTeamChanges());
    const answers = await Promise.all([1, 2, 3].map(() => cache.ownedTeamIds('u1', 0)));
    expect(answers).toEqual([['t1'], ['t1'], ['t1']]);
    expect(calls).toEqual(['u1']);

    owned.set('u1', ['t2']);
    // Without a change message the entry stands: nothing but the safety-net expiry re-reads it.
    expect(await cache.ownedTeamIds('u1', TEAM_CACHE_TTL_MS - 1)).toEqual(['t1']);
    expect(calls).toEqual(['u1']);
    expect(await cache.ownedTeamIds('u1', LONGEST_TTL_MS)).toEqual(['t2']);
    expect(calls).toEqual(['u1', 'u1']);
  });

  it("drops the users a change names, on this instance's announce and on another's message", async () => {
    const owned = new Map([
      ['u1', ['t1']],
      ['u2', ['t2']],
      ['u3', []],
    ]);
    const { pool, calls } = poolOwning(owned);
    const changes = unitTeamChanges();
    const cache = new TeamOwnershipCache(pool, changes);
    for (const user of ['u1', 'u2', 'u3']) await cache.ownedTeamIds(user, 0);

    // t1 goes from u1 to u3, announced here.
    owned.set('u1', []);
    owned.set('u3', ['t1']);
    await changes.announce({ teamIds: ['t1'], userIds: ['u3', 'u1'] });
    expect(await cache.ownedTeamIds('u3', 1)).toEqual(['t1']);
    expect(await cache.ownedTeamIds('u1', 1)).toEqual([]);

    // t2 is deleted on another instance.
    owned.set('u2', []);
    changes.onMessage(changeMessage({ teamIds: ['t2'], userIds: ['u2'] }));
    expect(await cache.ownedTeamIds('u2', 2)).toEqual([]);
    expect(calls).toEqual(['u1', 'u2', 'u3', 'u3', 'u1', 'u2']);
  });

  it('never caches a read that was in flight when a change arrived, though it answers who asked before', async () => {
    const owned = new Map([['u1', ['t1']]]);
    const { pool, calls, holdReads, releaseReads } = poolOwning(owned);
    const changes = unitTeamChanges();
    const cache = new TeamOwnershipCache(pool, changes);
    holdReads();
    const before = cache.ownedTeamIds('u1', 0);
    // The owner changes (the read above already ran on the old row) and the message arrives before its answer.
    owned.set('u1', []);
    changes.onMessage(changeMessage({ userIds: ['u1'] }));
    await releaseReads();
    expect(await before).toEqual(['t1']);
    expect(await cache.ownedTeamIds('u1', 1)).toEqual([]);
    expect(await cache.ownedTeamIds('u1', 2)).toEqual([]);
    expect(calls).toEqual(['u1', 'u1']);
  });

  it('forgets everything when the subscriber hears again, and trusts entries only briefly while it does not', async () => {
    const owned = new Map([
      ['u1', ['t1']],
      ['u2', ['t2']],
    ]);
    const { pool, calls } = poolOwning(owned);
    const changes = unitTeamChanges();
    const cache = new TeamOwnershipCache(pool, changes);
    await cache.ownedTeamIds('u1', 0);

    changes.onUnsubscribed();
    // Messages may be missed now: an entry is trusted UNSUBSCRIBED_TTL_MS, however long it would be kept otherwise.
    await cache.ownedTeamIds('u2', UNSUBSCRIBED_TTL_MS);
    expect(await cache.ownedTeamIds('u2', 2 * UNSUBSCRIBED_TTL_MS - 1)).toEqual(['t2']);
    owned.set('u1', []);
    expect(await cache.ownedTeamIds('u1', UNSUBSCRIBED_TTL_MS)).toEqual([]);
    expect(calls).toEqual(['u1', 'u2', 'u1']);

    // Subscribed again: whatever was read meanwhile may have missed a change.
    owned.set('u2', []);
    changes.onSubscribed();
    expect(await cache.ownedTeamIds('u2', UNSUBSCRIBED_TTL_MS + 1)).toEqual([]);
    expect(calls).toEqual(['u1', 'u2', 'u1', 'u2']);
  });

  it('trusts entries only UNSUBSCRIBED_TTL_MS before the first subscription is confirmed', async () => {
    const owned = new Map([['u1', ['t1']]]);
    const { pool, calls } = poolOwning(owned);
    const changes = unitTeamChanges();
    changes.onUnsubscribed();
    const cache = new TeamOwnershipCache(pool, changes);
    await cache.ownedTeamIds('u1', 0);
    await cache.ownedTeamIds('u1', UNSUBSCRIBED_TTL_MS - 1);
    await cache.ownedTeamIds('u1', UNSUBSCRIBED_TTL_MS);
    expect(calls).toEqual(['u1', 'u1']);
  });

  it('forgets everything on a message it cannot read', async () => {
    const owned = new Map([['u1', ['t1']]]);
    const { pool, calls } = poolOwning(owned);
    const changes = unitTeamChanges();
    const cache = new TeamOwnershipCache(pool, changes);
    await cache.ownedTeamIds('u1', 0);
    changes.onMessage('{"userIds": 7}');
    await cache.ownedTeamIds('u1', 1);
    expect(calls).toEqual(['u1', 'u1']);
  });

  it('does not keep a failed lookup', async () => {
    const { pool, calls, failOnce } = poolOwning(new Map([['u1', ['t1']]]));
    const cache = new TeamOwnershipCache(pool, unitTeamChanges());
    failOnce();
    await expect(cache.ownedTeamIds('u1', 0)).rejects.toThrow('connection reset');
    expect(await cache.ownedTeamIds('u1', 1)).toEqual(['t1']);
    expect(calls).toHaveLength(2);
  });
});
