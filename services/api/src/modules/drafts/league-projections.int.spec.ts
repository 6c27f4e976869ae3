import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEFAULT_DRAFT_SETTINGS, draftStreamId, legacyPickId } from '@auction/domain';
import { PostgresEventStore } from '@auction/event-store';
import type { QueryRunner } from 'typeorm';
import { TeamCurrentDraftCompletedLast1763781470000 } from '../../infrastructure/database/migrations/1763781470000-team-current-draft-completed-last.js';
import { ProjectionsOwnTheirTables1763781422000 } from '../../infrastructure/database/migrations/1763781422000-projections-own-their-tables.js';
import { ReadModelRebuilder } from '../../infrastructure/event-sourcing/read-model-rebuilder.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import type { League } from '../auctions/__tests__/auction-test-kit.js';
import { playFullDraft } from '../audit/__tests__/full-draft.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { LeagueProjectionSet, LeagueProjections } from './league-projections.js';

let t: TestApp;
let league: League;
let legacyDraftId: string;
const LEGACY_CREATED = '2025-08-01T12:00:00.000Z';

const ORDER_BY: Record<string, string> = {
  teams: 'id',
  team_standing_drafts: 'draft_id',
  team_standing_members: 'draft_id, team_id',
  team_standing_picks: 'pick_id',
  drafts: 'id',
  draft_teams: 'draft_id, team_id',
  picks: 'id',
  auctions: 'id',
};

/** Every row of every table the league projections own. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const [table, order] of Object.entries(ORDER_BY)) {
    tables[table] = (await poolOf(t).query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
  }
  return tables;
}

/**
 * A draft stream written in the first shapes the log held (settings without clocks, picks without id, source or
 * time), appended straight to the store and projected inline like any append.
 */
async function appendLegacyDraft(teamIds: string[]): Promise<string> {
  const draftId = randomUUID();
  const pick = (pickNumber: number, teamId: string, cost: number) => ({
    pickNumber,
    playerId: `legacy-${pickNumber}`,
    playerName: `Legacy ${pickNumber}`,
    position: 'WR',
    nflTeam: 'SF',
    teamId,
    cost,
  });
  const settings = { teamsCount: 2, playersPerTeam: 3, budgetPerTeam: 150, draftType: 'auction' };
  const events = [
    { type: 'DraftCreated', data: { draftId, name: 'Legacy', settings, createdAt: LEGACY_CREATED } },
    { type: 'DraftTeamsAssigned', data: { teamIds } },
    { type: 'PlayerSold', data: { pick: pick(1, teamIds[0]!, 7) } },
    { type: 'PlayerSold', data: { pick: pick(2, teamIds[1]!, 9) } },
    { type: 'PlayerSold', data: { pick: pick(3, teamIds[0]!, 4) } },
    {
      type: 'PickUpdated',
      data: { pick: pick(2, teamIds[0]!, 11), previous: pick(2, teamIds[1]!, 9), updatedAt: 'x' },
    },
    { type: 'PickUndone', data: { pick: pick(1, teamIds[0]!, 7), undoneAt: LEGACY_CREATED } },
  ];
  const projections = t.app.get(LeagueProjections);
  await t.app.get(PostgresEventStore).append(draftStreamId(draftId), events, {
    expectedVersion: 'no_stream',
    metadata: { actorUsername: 'legacy' },
    project: (tx, recorded) => projections.apply(recorded, tx),
  });
  return draftId;
}

beforeAll(async () => {
  t = await startTestApp();
  league = await playFullDraft(t, 'lp');
  legacyDraftId = await appendLegacyDraft(league.teams.map((team) => team._id));
});

afterAll(async () => {
  await t?.close();
});

describe('league projections', () => {
  it('give legacy picks their md5 id, the auction source and the recorded time', async () => {
    const { rows } = await poolOf(t).query(
      `SELECT id, pick_number, team_id, cost, source, picked_at FROM picks WHERE draft_id = $1 ORDER BY pick_number`,
      [legacyDraftId],
    );
    const [teamA] = league.teams.map((team) => team._id);
    const { rows: recorded } = await poolOf(t).query(
      `SELECT recorded_at FROM es_events WHERE stream_id = $1 AND type = 'PlayerSold'`,
      [draftStreamId(legacyDraftId)],
    );
    const soldAt = recorded[0]!.recorded_at as Date;
    expect(rows).toEqual([
      // Pick 1 was undone: picks 2 and 3 moved up; pick 2 was moved to team A for $11.
      {
        id: legacyPickId(legacyDraftId, 2),
        pick_number: 1,
        team_id: teamA,
        cost: 11,
        source: 'auction',
        picked_at: soldAt,
      },
      {
        id: legacyPickId(legacyDraftId, 3),
        pick_number: 2,
        team_id: teamA,
        cost: 4,
        source: 'auction',
        picked_at: soldAt,
      },
    ]);
    const { rows: drafts } = await poolOf(t).query(
      `SELECT total_picks, auction_time_limit, budget_per_team FROM drafts WHERE id = $1`,
      [legacyDraftId],
    );
    expect(drafts).toEqual([
      { total_picks: 2, auction_time_limit: DEFAULT_DRAFT_SETTINGS.auctionTimeLimit, budget_per_team: 150 },
    ]);
  });

  it("derive the teams' standings from events alone, equal to the old rule over drafts, draft_teams and picks", async () => {
    // The rule the draft projection used to apply by reading the other read models (team-standings.ts, removed), with
    // completed drafts ranked by completion since migration 1763781470000.
    const { rows: oldRule } = await poolOf(t).query(
      `WITH latest AS (
         SELECT DISTINCT ON (dt.team_id) dt.team_id, d.id AS draft_id, d.budget_per_team
         FROM draft_teams dt JOIN drafts d ON d.id = dt.draft_id AND d.deleted_at IS NULL
         ORDER BY dt.team_id, (d.status <> 'completed') DESC, d.completed_at DESC NULLS LAST, d.created_at DESC, d.id DESC
       ), spent AS (
         SELECT team_id, draft_id, sum(cost)::int AS spent, count(*)::int AS players FROM picks GROUP BY 1, 2
       )
       SELECT t.id, l.draft_id AS current_draft_id, coalesce(l.budget_per_team, 260) AS budget_total,
              coalesce(s.spent, 0) AS budget_spent, coalesce(s.players, 0) AS player_count
       FROM teams t LEFT JOIN latest l ON l.team_id = t.id
       LEFT JOIN spent s ON s.team_id = t.id AND s.draft_id = l.draft_id
       ORDER BY t.id`,
    );
    const { rows: projected } = await poolOf(t).query(
      `SELECT id, current_draft_id, budget_total, budget_spent, player_count FROM teams ORDER BY id`,
    );
    expect(projected).toEqual(oldRule);
    // The legacy draft is the teams' current one (the played draft is completed): its budget and picks show.
    expect(projected.every((row) => row.current_draft_id === legacyDraftId)).toBe(true);
    expect(projected.map((row) => row.budget_spent).sort()).toEqual([0, 15]);
  });

  it.each(['teams', 'drafts', 'draft_teams', 'picks', 'auctions'])(
    'rebuild %s alone from the log, row for row equal to the live tables',
    async (name) => {
      const live = await snapshot();
      const only = LeagueProjectionSet.all().only([name]);
      for (const table of only.tables) await poolOf(t).query(`DELETE FROM ${table}`);
      expect(await snapshot()).not.toEqual(live);

      await new ReadModelRebuilder(t.app.get(PostgresEventStore)).rebuild([only]);

      expect(await snapshot()).toEqual(live);
    },
  );

  it('migration 1763781422000 backfills the standing tables from the old read models, equal to the projection', async () => {
    const pool = poolOf(t);
    const live = await snapshot();
    const standing = ['team_standing_drafts', 'team_standing_members', 'team_standing_picks'];
    expect(standing.every((table) => live[table]!.length > 0)).toBe(true);
    // The database as it was before the migration: no standing tables, checkpoints or feed.
    for (const table of [...standing, 'projection_checkpoints', 'draft_activity']) {
      await pool.query(`DROP TABLE ${table}`);
    }
    const queryRunner = {
      query: (text: string, params?: unknown[]) => pool.query(text, params),
    } as unknown as QueryRunner;
    await new ProjectionsOwnTheirTables1763781422000().up(queryRunner);
    // And the later migration that adds a column to them.
    await new TeamCurrentDraftCompletedLast1763781470000().up(queryRunner);
    expect(await snapshot()).toEqual(live);
    const { rows } = await pool.query(
      `SELECT conname FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN
         ('teams', 'draft_teams', 'picks', 'auctions')`,
    );
    // Only the teams' owner (users are not a read model) keeps a foreign key.
    expect(rows.map((row) => row.conname)).toEqual(['teams_owner_user_id_fkey']);
  });
});
