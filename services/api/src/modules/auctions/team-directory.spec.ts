import { describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { TEAM_REF_TTL_MS, TeamDirectory, teamRefOr } from './team-directory.js';

type Row = { id: string; name: string; team_number: number };

/** A pool whose reads answer from `table` only when the test releases them, so "did refs wait?" is observable. */
function fakePool(table: Map<string, Row>) {
  const pending: Array<() => void> = [];
  const reads: string[][] = [];
  const pool = {
    query: ({ values }: { values: [string[]] }) => {
      reads.push(values[0]);
      return new Promise((resolve) =>
        pending.push(() => resolve({ rows: values[0].flatMap((id) => table.get(id) ?? []) })),
      );
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

describe('TeamDirectory', () => {
  it('reads a team it never saw before answering, then answers from the cache', async () => {
    const table = new Map([[A, { id: A, name: 'Alpha', team_number: 1 }]]);
    const { pool, reads, releaseAll } = fakePool(table);
    const directory = new TeamDirectory(pool);
    const first = directory.refs([A, A], 0);
    await releaseAll();
    expect((await first).get(A)?.name).toBe('Alpha');
    expect((await directory.refs([A], TEAM_REF_TTL_MS - 1)).get(A)?.name).toBe('Alpha');
    expect(reads).toEqual([[A]]);
  });

  it('answers an expired team at once with the cached name and re-reads it in the background', async () => {
    const table = new Map([[A, { id: A, name: 'Alpha', team_number: 1 }]]);
    const { pool, reads, releaseAll } = fakePool(table);
    const directory = new TeamDirectory(pool);
    const first = directory.refs([A], 0);
    await releaseAll();
    await first;
    table.set(A, { id: A, name: 'Renamed', team_number: 1 });

    // Resolves without the pending read being released: the bid path does not wait for the database.
    expect((await directory.refs([A], TEAM_REF_TTL_MS)).get(A)?.name).toBe('Alpha');
    // One re-read in flight per team, however many answers meanwhile.
    await directory.refs([A], TEAM_REF_TTL_MS + 1);
    expect(reads).toEqual([[A], [A]]);

    await releaseAll();
    expect((await directory.refs([A], TEAM_REF_TTL_MS + 2)).get(A)?.name).toBe('Renamed');
    expect(reads).toHaveLength(2);
  });

  it('drops a team the re-read no longer finds, so it gets the unknown label', async () => {
    const table = new Map([
      [A, { id: A, name: 'Alpha', team_number: 1 }],
      [B, { id: B, name: 'Beta', team_number: 2 }],
    ]);
    const { pool, releaseAll } = fakePool(table);
    const directory = new TeamDirectory(pool);
    const first = directory.refs([A, B], 0);
    await releaseAll();
    await first;
    table.delete(B);
    await directory.refs([A, B], TEAM_REF_TTL_MS);
    await releaseAll();

    const after = directory.refs([A, B], TEAM_REF_TTL_MS + 1);
    await releaseAll();
    const refs = await after;
    expect(refs.get(A)?.name).toBe('Alpha');
    expect(teamRefOr(refs, B).name).toBe('Unknown team');
  });
});
