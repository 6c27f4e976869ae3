import { describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { changeMessage, unitTeamChanges } from '../teams/__tests__/team-changes.fake.js';
import { TEAM_CACHE_SPREAD, TEAM_CACHE_TTL_MS, UNSUBSCRIBED_TTL_MS } from '../teams/index.js';
import { TeamDirectory, teamRefOr } from './team-directory.js';

type Row = { id: string; name: string; team_number: number };

/**
 * A pool whose reads take the rows of `table` when sent and answer only when the test releases them, so "did refs
 * wait?" and "what did a read in flight see?" are observable.
 */
function fakePool(table: Map<string, Row>) {
  const pending: Array<() => void> = [];
  const reads: string[][] = [];
  const pool = {
    query: ({ values }: { values: [string[]] }) => {
      reads.push(values[0]);
      const rows = values[0].flatMap((id) => table.get(id) ?? []);
      return new Promise((resolve) => pending.push(() => resolve({ rows })));
    },
  } as unknown as Pick<Pool, 'query'>;
  const releaseAll = async () => {
    while (pending.length > 0) pending.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { pool, reads, releaseAll };
}

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const alpha = (name = 'Alpha', team_number = 1): [string, Row] => [A, { id: A, name, team_number }];
const beta: [string, Row] = [B, { id: B, name: 'Beta', team_number: 2 }];

/** refs() with every read released. */
async function refsNow(
  directory: TeamDirectory,
  releaseAll: () => Promise<void>,
  ids: string[],
  now: number,
) {
  const answer = directory.refs(ids, now);
  await releaseAll();
  return answer;
}

describe('TeamDirectory', () => {
  it('reads teams it never saw in one query, then answers from the cache for TEAM_CACHE_TTL_MS', async () => {
    const table = new Map([alpha(), beta]);
    const { pool, reads, releaseAll } = fakePool(table);
    const directory = new TeamDirectory(pool, unitTeamChanges());
    const first = await refsNow(directory, releaseAll, [A, B, A], 0);
    expect([first.get(A)?.name, first.get(B)?.name]).toEqual(['Alpha', 'Beta']);

    table.set(...alpha('Renamed'));
    // Resolves without any read being released: the bid path does not touch the database.
    expect((await directory.refs([A, B], TEAM_CACHE_TTL_MS - 1)).get(A)?.name).toBe('Alpha');
    expect(reads).toEqual([[A, B]]);
    const late = await refsNow(directory, releaseAll, [A], TEAM_CACHE_TTL_MS * (1 + TEAM_CACHE_SPREAD));
    expect(late.get(A)?.name).toBe('Renamed');
    expect(reads).toEqual([[A, B], [A]]);
  });

  it('shows a rename or renumbering from the first answer after the change is heard', async () => {
    const table = new Map([alpha(), beta]);
    const { pool, reads, releaseAll } = fakePool(table);
    const changes = unitTeamChanges();
    const directory = new TeamDirectory(pool, changes);
    await refsNow(directory, releaseAll, [A, B], 0);

    table.set(...alpha('Renamed', 7));
    changes.onMessage(changeMessage({ teamIds: [A] }));
    const refs = await refsNow(directory, releaseAll, [A, B], 1);
    expect(refs.get(A)).toEqual({ _id: A, name: 'Renamed', teamNumber: 7 });
    expect(refs.get(B)?.name).toBe('Beta');
    expect(reads).toEqual([[A, B], [A]]);
  });

  it('never caches a read that was in flight when a rename arrived', async () => {
    const table = new Map([alpha()]);
    const { pool, reads, releaseAll } = fakePool(table);
    const changes = unitTeamChanges();
    const directory = new TeamDirectory(pool, changes);
    const before = directory.refs([A], 0);
    table.set(...alpha('Renamed'));
    changes.onMessage(changeMessage({ teamIds: [A] }));
    await releaseAll();
    expect((await before).get(A)?.name).toBe('Alpha');
    expect((await refsNow(directory, releaseAll, [A], 1)).get(A)?.name).toBe('Renamed');
    expect((await directory.refs([A], 2)).get(A)?.name).toBe('Renamed');
    expect(reads).toEqual([[A], [A]]);
  });

  it('forgets everything when the subscriber hears again, and trusts entries only briefly while it does not', async () => {
    const table = new Map([alpha()]);
    const { pool, reads, releaseAll } = fakePool(table);
    const changes = unitTeamChanges();
    const directory = new TeamDirectory(pool, changes);
    await refsNow(directory, releaseAll, [A], 0);

    changes.onUnsubscribed();
    expect((await directory.refs([A], UNSUBSCRIBED_TTL_MS - 1)).get(A)?.name).toBe('Alpha');
    table.set(...alpha('Renamed'));
    expect((await refsNow(directory, releaseAll, [A], UNSUBSCRIBED_TTL_MS)).get(A)?.name).toBe('Renamed');

    table.set(...alpha('Renamed again'));
    changes.onSubscribed();
    expect((await refsNow(directory, releaseAll, [A], UNSUBSCRIBED_TTL_MS + 1)).get(A)?.name).toBe(
      'Renamed again',
    );
    expect(reads).toEqual([[A], [A], [A]]);
  });

  it('does not keep a team the read did not find, so it gets the unknown label until it exists', async () => {
    const table = new Map([alpha()]);
    const { pool, reads, releaseAll } = fakePool(table);
    const directory = new TeamDirectory(pool, unitTeamChanges());
    const refs = await refsNow(directory, releaseAll, [A, B], 0);
    expect(refs.get(A)?.name).toBe('Alpha');
    expect(teamRefOr(refs, B).name).toBe('Unknown team');
    table.set(...beta);
    expect((await refsNow(directory, releaseAll, [A, B], 1)).get(B)?.name).toBe('Beta');
    expect(reads).toEqual([[A, B], [B]]);
  });
});
