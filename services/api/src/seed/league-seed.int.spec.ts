import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { draftsDataSchema, teamsDataSchema, type DraftsData, type TeamsData } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { DEMO_DRAFT_NAME, DEMO_TEAM_NAMES, seedLeague } from './league-seed.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { SEED_DEMO: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

describe('league seed', () => {
  it('creates 12 teams numbered 1 to 12, alice to dave owning teams 1 to 4, the admin none', async () => {
    const admin = await t.loginAdmin();
    const response = await t.request<TeamsData>('GET', '/api/teams', { token: admin.token });
    const { teams } = teamsDataSchema.parse(response.body.data);
    expect(teams.map((team) => [team.teamNumber, team.name])).toEqual(
      DEMO_TEAM_NAMES.map((name, index) => [index + 1, name]),
    );
    expect(teams.map((team) => team.ownerId?.username ?? null)).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
      ...Array<null>(8).fill(null),
    ]);
  });

  it('creates the demo draft in created status with all 12 teams assigned', async () => {
    const admin = await t.loginAdmin();
    const response = await t.request<DraftsData>('GET', '/api/drafts', { token: admin.token });
    const { drafts } = draftsDataSchema.parse(response.body.data);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      name: DEMO_DRAFT_NAME,
      status: 'created',
      settings: { teamsCount: 12 },
    });
    expect(drafts[0]!.teams.map((team) => team.teamNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('writes it all to the event log as the system', async () => {
    const { rows } = await t.app
      .get<Pool>(PG_POOL)
      .query(
        `SELECT type, count(*)::int AS n, bool_and(metadata->>'actorUsername' = 'system') AS system FROM es_events GROUP BY type ORDER BY type`,
      );
    expect(rows).toEqual([
      { type: 'DraftCreated', n: 1, system: true },
      { type: 'DraftTeamsAssigned', n: 1, system: true },
      { type: 'TeamCreated', n: 12, system: true },
      { type: 'TeamOwnerAssigned', n: 4, system: true },
    ]);
  });

  it('does nothing the second time', async () => {
    const count = async () =>
      (await t.app.get<Pool>(PG_POOL).query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;
    const before = await count();
    await seedLeague(t.app);
    expect(await count()).toBe(before);
  });
});
