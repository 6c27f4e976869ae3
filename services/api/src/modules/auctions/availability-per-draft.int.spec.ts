import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  playerDataSchema,
  playersDataSchema,
  type DraftAuctionData,
  type Pick,
  type PicksData,
  type Player,
  type PlayerStatsSummary,
  type TeamData,
} from '@auction/contracts';
import type { QueryRunner } from 'typeorm';
import { AvailabilityPerDraft1763781416000 } from '../../infrastructure/database/migrations/1763781416000-availability-per-draft.js';
import { TeamCurrentDraftCompletedLast1763781470000 } from '../../infrastructure/database/migrations/1763781470000-team-current-draft-completed-last.js';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { LeagueReadModelsRebuilder } from '../drafts/index.js';
import { assignTeams, createDraft, poolOf, snapshotLeague } from '../teams/__tests__/league-test-kit.js';
import { auctionOf, createLeague, eventually, nominate, type League } from './__tests__/auction-test-kit.js';

/*
 * Every draft has its own player pool (docs/adr/0015-availability-per-draft.md): a player bought in one draft is
 * still available in every other, a sale, an edit or an undo in one draft is never visible in another, and
 * auto-nomination picks from the draft's own pool.
 */

// Bundled players (provider ids), best by ADP first: the two an idle draft auto-nominates first.
const GIBBS = '9221';
const BIJAN = '9509';
const CHASE = '7564';

let t: TestApp;
let a: League;
let b: League;

beforeAll(async () => {
  t = await startTestApp();
  const settings = { auctionTimeLimit: 2, bidTimeReset: 2 };
  a = await createLeague(t, { prefix: 'pool_a', settings });
  b = await createLeague(t, { prefix: 'pool_b', settings });
});

afterAll(async () => {
  await t?.close();
});

async function get<T>(user: TestUser, path: string): Promise<T> {
  const response = await t.request<T>('GET', path, { token: user.token });
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${response.body.message}`);
  return response.body.data;
}

const playerIn = async (league: League, providerId: string, query = `?draftId=${league.draftId}`) =>
  playerDataSchema.parse(await get(league.users[0]!, `/api/players/sleeper/${providerId}${query}`)).player;
const rosterOf = async (league: League, teamIndex: number, query = '') =>
  playersDataSchema.parse(
    await get(league.users[0]!, `/api/players/team/${league.teams[teamIndex]!._id}${query}`),
  ).players;
const picksOf = async (league: League): Promise<Pick[]> =>
  (await get<PicksData>(league.users[0]!, `/api/drafts/${league.draftId}/picks`)).picks;
const teamPlayersOf = async (league: League, teamIndex: number) =>
  (await get<TeamData>(league.users[0]!, `/api/teams/${league.teams[teamIndex]!._id}`)).team.players;
const draftedIn = (league: League, teamIndex: number, cost: number): Partial<Player> => ({
  isDrafted: true,
  cost,
  draftedByTeamId: league.teams[teamIndex]!._id,
  draftId: league.draftId,
});
const UNDRAFTED: Partial<Player> = { isDrafted: false, cost: null, draftedByTeamId: null, draftId: null };

async function auctionClosed(league: League): Promise<DraftAuctionData> {
  return eventually(
    () => auctionOf(t, league.admin.token, league.draftId),
    (data: DraftAuctionData) => data.auction === null && data.lastCompletedAuction !== null,
  );
}

/** Everything draft `league` shows about `providerId`: its reads, its rosters, its picks, its stats. */
async function viewOf(league: League, providerId: string): Promise<unknown> {
  return {
    player: await playerIn(league, providerId),
    ownDraft: await playerIn(league, providerId, ''),
    rosters: [await rosterOf(league, 0), await rosterOf(league, 1)],
    teams: [await teamPlayersOf(league, 0), await teamPlayersOf(league, 1)],
    picks: await picksOf(league),
    stats: await get<PlayerStatsSummary>(
      league.users[0]!,
      `/api/players/stats/summary?draftId=${league.draftId}`,
    ),
  };
}

describe('one player, two drafts', () => {
  it("sells the same player in two drafts at once; each draft's reads and rosters show its own sale", async () => {
    const [inA, inB] = await Promise.all([
      nominate(t, a.users[0]!.token, { draftId: a.draftId, playerId: GIBBS, openingBid: 3 }),
      nominate(t, b.users[0]!.token, { draftId: b.draftId, playerId: GIBBS, openingBid: 4 }),
    ]);
    expect([inA.status, inB.status]).toEqual([201, 201]);
    await Promise.all([auctionClosed(a), auctionClosed(b)]);

    for (const [league, cost] of [
      [a, 3],
      [b, 4],
    ] as const) {
      expect((await picksOf(league)).map((pick) => [pick.playerId, pick.teamId._id, pick.cost])).toEqual([
        [GIBBS, league.teams[0]!._id, cost],
      ]);
      expect(await playerIn(league, GIBBS)).toMatchObject(draftedIn(league, 0, cost));
      // A team owner without a draftId reads their own draft.
      expect(await playerIn(league, GIBBS, '')).toMatchObject(draftedIn(league, 0, cost));
      expect((await rosterOf(league, 0)).map((player) => [player.playerId, player.cost])).toEqual([
        [GIBBS, cost],
      ]);
      expect(await rosterOf(league, 1)).toEqual([]);
      expect(await teamPlayersOf(league, 0)).toEqual([expect.objectContaining({ playerId: GIBBS, cost })]);
      const available = playersDataSchema.parse(
        await get(league.users[1]!, `/api/players/search?q=gibbs&available=true&draftId=${league.draftId}`),
      ).players;
      expect(available.map((player) => player.playerId)).not.toContain(GIBBS);
      const stats = await get<PlayerStatsSummary>(
        league.users[1]!,
        `/api/players/stats/summary?draftId=${league.draftId}`,
      );
      expect(stats).toMatchObject({ drafted: 1, averageCost: cost });
    }
    // Another draft's roster is not the team's: B's team bought nothing in A.
    expect(await rosterOf(b, 0, `?draftId=${a.draftId}`)).toEqual([]);
  });

  it('lets a player sold in one draft be nominated and assigned in another, never twice in one', async () => {
    const inA = await nominate(t, a.users[1]!.token, { draftId: a.draftId, playerId: BIJAN, openingBid: 2 });
    expect(inA.status).toBe(201);
    await eventually(
      () => picksOf(a),
      (picks) => picks.length === 2,
    );
    expect(await playerIn(b, BIJAN)).toMatchObject(UNDRAFTED);

    const assigned = await t.request('POST', '/api/players/assign', {
      token: b.admin.token,
      body: { draftId: b.draftId, playerId: BIJAN, teamId: b.teams[1]!._id, cost: 6 },
    });
    expect(assigned.status).toBe(201);
    expect(await playerIn(b, BIJAN)).toMatchObject(draftedIn(b, 1, 6));
    expect(await playerIn(a, BIJAN)).toMatchObject(draftedIn(a, 1, 2));

    // Within one draft, a player sells once.
    const again = await nominate(t, a.users[0]!.token, {
      draftId: a.draftId,
      playerId: GIBBS,
      openingBid: 1,
    });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: 'Player has already been drafted',
    });
  });

  it('never shows an edit or an undo of a pick in another draft', async () => {
    const untouchedB = await viewOf(b, GIBBS);
    const gibbsInA = (await picksOf(a)).find((pick) => pick.playerId === GIBBS)!;
    const edit = (body: object) =>
      t.request('PUT', `/api/drafts/${a.draftId}/picks/${gibbsInA._id}`, { token: a.admin.token, body });

    expect((await edit({ cost: 5, teamId: a.teams[1]!._id })).status).toBe(200);
    expect(await playerIn(a, GIBBS)).toMatchObject(draftedIn(a, 1, 5));
    expect(await viewOf(b, GIBBS)).toEqual(untouchedB);

    // The pick now names another player: GIBBS is back in A's pool, CHASE taken in A only.
    expect(
      (await edit({ playerId: CHASE, playerName: "Ja'Marr Chase", position: 'WR', nflTeam: 'CIN' })).status,
    ).toBe(200);
    expect(await playerIn(a, GIBBS)).toMatchObject(UNDRAFTED);
    expect(await playerIn(a, CHASE)).toMatchObject(draftedIn(a, 1, 5));
    expect(await playerIn(b, CHASE)).toMatchObject(UNDRAFTED);
    expect(await viewOf(b, GIBBS)).toEqual(untouchedB);

    const undone = await t.request('DELETE', `/api/drafts/${a.draftId}/picks/${gibbsInA._id}`, {
      token: a.admin.token,
    });
    expect(undone.status).toBe(200);
    expect(await playerIn(a, CHASE)).toMatchObject(UNDRAFTED);
    expect(await viewOf(b, GIBBS)).toEqual(untouchedB);
    expect(await playerIn(b, GIBBS)).toMatchObject(draftedIn(b, 0, 4));
  });

  it("rebuilds every draft's availability from the log to exactly the live reads", async () => {
    for (const league of [a, b]) {
      expect(
        (await t.request('POST', `/api/drafts/${league.draftId}/pause`, { token: a.admin.token })).status,
      ).toBe(200);
    }
    const views = async () => [await viewOf(a, GIBBS), await viewOf(b, GIBBS), await viewOf(a, BIJAN)];
    const before = { league: await snapshotLeague(t), views: await views() };
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect({ league: await snapshotLeague(t), views: await views() }).toEqual(before);
  });

  it('migrates both ways: the old one-flag columns hold the latest sale, and each draft reads the same after', async () => {
    const views = async () => [await viewOf(a, BIJAN), await viewOf(b, BIJAN), await viewOf(b, GIBBS)];
    const before = await views();
    const pool = poolOf(t);
    const queryRunner = { query: (text: string) => pool.query(text) } as unknown as QueryRunner;
    const migration = new AvailabilityPerDraft1763781416000();
    await migration.down(queryRunner);
    const old = await pool.query(
      `SELECT provider_id, is_drafted, cost, draft_id FROM players WHERE is_drafted ORDER BY provider_id`,
    );
    // BIJAN was sold in A, then assigned in B: the single flag kept only B's sale.
    expect(old.rows).toEqual([
      { provider_id: GIBBS, is_drafted: true, cost: 4, draft_id: b.draftId },
      { provider_id: BIJAN, is_drafted: true, cost: 6, draft_id: b.draftId },
    ]);
    await migration.up(queryRunner);
    expect(await views()).toEqual(before);
  });
});

describe('auto-nomination', () => {
  it("puts up the best player by ADP of the draft's own pool, whatever other drafts bought", async () => {
    // GIBBS and BIJAN, the two best by ADP, are both sold in draft B.
    expect(await playerIn(b, GIBBS)).toMatchObject({ isDrafted: true });
    expect(await playerIn(b, BIJAN)).toMatchObject({ isDrafted: true });
    const idle = await createLeague(t, {
      prefix: 'pool_idle',
      settings: { nominationTimeLimit: 2, auctionTimeLimit: 2, bidTimeReset: 2 },
    });
    const first = await eventually(
      () => auctionOf(t, idle.admin.token, idle.draftId),
      (data: DraftAuctionData) => data.auction !== null,
    );
    expect(first.auction).toMatchObject({
      autoNominated: true,
      playerId: GIBBS,
      nominatedBy: { _id: idle.teams[0]!._id },
    });

    // Once GIBBS is sold in this draft, its next auto-nomination skips him.
    const second = await eventually(
      () => auctionOf(t, idle.admin.token, idle.draftId),
      (data: DraftAuctionData) => data.auction !== null && data.auction._id !== first.auction!._id,
      15_000,
    );
    expect(second.auction).toMatchObject({
      autoNominated: true,
      playerId: BIJAN,
      nominatedBy: { _id: idle.teams[1]!._id },
    });
    expect((await picksOf(idle)).map((pick) => pick.playerId)).toEqual([GIBBS]);
    const pause = await t.request('POST', `/api/drafts/${idle.draftId}/pause`, { token: idle.admin.token });
    expect(pause.status).toBe(200);
  });
});

describe("the caller's own current draft, once every draft of the team is completed", () => {
  it('is the draft the team played last, not the one created last (a mock draft played before the real one)', async () => {
    const admin = await t.loginAdmin();
    const oneEach = { playersPerTeam: 1, budgetPerTeam: 7 };
    // The league's real draft is created first; a mock draft, created after it, is played first.
    const real = await createDraft(t, admin.token, 'pool_real draft', { teamsCount: 2, ...oneEach });
    const mock = await createLeague(t, { prefix: 'pool_mock', settings: oneEach });
    const pick = async (draftId: string, teamIndex: number, playerId: string, cost: number) => {
      const response = await t.request('POST', `/api/drafts/${draftId}/pick`, {
        token: admin.token,
        body: { playerId, teamId: mock.teams[teamIndex]!._id, cost },
      });
      expect(response.status).toBe(201);
    };
    await pick(mock.draftId, 0, GIBBS, 2);
    await pick(mock.draftId, 1, BIJAN, 3);
    await assignTeams(
      t,
      admin.token,
      real._id,
      mock.teams.map((team) => team._id),
    );
    expect((await t.request('POST', `/api/drafts/${real._id}/start`, { token: admin.token })).status).toBe(
      200,
    );
    await pick(real._id, 0, CHASE, 6);
    await pick(real._id, 1, GIBBS, 5);
    const realView = { ...mock, draftId: real._id };

    // Both drafts are completed; the team shows the real draft, and so do its owner's reads without a draftId.
    const team = (await get<TeamData>(mock.users[0]!, `/api/teams/${mock.teams[0]!._id}`)).team;
    expect({
      draftId: team.draftId,
      budget: team.budget,
      players: team.players.map((p) => p.playerId),
    }).toEqual({
      draftId: real._id,
      budget: { total: 7, spent: 6, remaining: 1 },
      players: [CHASE],
    });
    expect(await playerIn(realView, CHASE, '')).toMatchObject(draftedIn(realView, 0, 6));
    expect(await playerIn(realView, GIBBS, '')).toMatchObject(draftedIn(realView, 1, 5));
    expect(await playerIn(realView, BIJAN, '')).toMatchObject(UNDRAFTED);
    expect((await rosterOf(mock, 1)).map((player) => [player.playerId, player.cost])).toEqual([[GIBBS, 5]]);

    // The rebuild from the log agrees.
    const before = await snapshotLeague(t);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await snapshotLeague(t)).toEqual(before);

    // The migration puts existing teams right (and down() back to the draft created last).
    const pool = poolOf(t);
    const queryRunner = {
      query: (text: string, params?: unknown[]) => pool.query(text, params),
    } as unknown as QueryRunner;
    const migration = new TeamCurrentDraftCompletedLast1763781470000();
    const shown = async () =>
      (await get<TeamData>(mock.users[0]!, `/api/teams/${mock.teams[0]!._id}`)).team.draftId;
    await migration.down(queryRunner);
    expect(await shown()).toBe(mock.draftId);
    await migration.up(queryRunner);
    expect(await shown()).toBe(real._id);
  });
});
