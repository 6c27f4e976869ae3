import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  auctionCompletedSchema,
  draftAuctionDataSchema,
  picksDataSchema,
  type DraftAuctionData,
  type DraftData,
  type PickData,
  type Player,
  type PlayerData,
  type PicksData,
  type TeamData,
} from '@auction/contracts';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { joinedDraftRoom, nextEvent } from '../../test-support/socket-client.js';
import { expectRefused } from '../players/__tests__/player-test-kit.js';
import { UNKNOWN_ID, poolOf, snapshotLeague } from '../teams/__tests__/league-test-kit.js';
import { LeagueReadModelsRebuilder } from '../drafts/index.js';
import {
  auctionOf,
  bid,
  budgetsMismatchingPicks,
  createLeague,
  eventually,
  nominate,
  type League,
} from './__tests__/auction-test-kit.js';

// Bundled players (provider ids): the two best by ADP.
const GIBBS = '9221';
const BIJAN = '9509';
const JEFFERSON = '6794';

let t: TestApp;
let league: League;

beforeAll(async () => {
  t = await startTestApp();
  // Short clocks so the auction timer completes within the test.
  league = await createLeague(t, { prefix: 'auc', settings: { auctionTimeLimit: 6, bidTimeReset: 2 } });
});

afterAll(async () => {
  await t?.close();
});

const alice = () => league.users[0]!;
const bob = () => league.users[1]!;
const teamA = () => league.teams[0]!;
const teamB = () => league.teams[1]!;

/** A player as the draft `draftId` shows him (its availability). */
async function playerIn(draftId: string, providerId: string): Promise<Player> {
  const response = await t.request<PlayerData>(
    'GET',
    `/api/players/sleeper/${providerId}?draftId=${draftId}`,
    {
      token: alice().token,
    },
  );
  if (response.status !== 200)
    throw new Error(`player answered ${response.status}: ${response.body.message}`);
  return response.body.data.player;
}

async function openAuctionId(): Promise<string> {
  const data = await auctionOf(t, alice().token, league.draftId);
  if (!data.auction) throw new Error('no open auction');
  return data.auction._id;
}

describe('the live auction over REST', () => {
  it('shows no auction and the first team on the nomination clock after the start', async () => {
    const data = draftAuctionDataSchema.parse(await auctionOf(t, alice().token, league.draftId));
    expect(data.auction).toBeNull();
    expect(data.lastCompletedAuction).toBeNull();
    expect(data.draftStatus).toBe('active');
    expect(data.currentTeamTurn).toEqual({ _id: teamA()._id, name: teamA().name, teamNumber: 1 });
    expect(data.nominationTimeLeftMs).toBeGreaterThan(500_000);
  });

  it('refuses nominations out of turn, of unknown players and with bad bodies, changing nothing', async () => {
    await expectRefused(
      t,
      () => nominate(t, bob().token, { draftId: league.draftId, playerId: GIBBS }),
      409,
      'It is not your turn to nominate',
    );
    await expectRefused(
      t,
      () => nominate(t, alice().token, { draftId: league.draftId, playerId: 'no-such-player' }),
      404,
      'Player not found',
    );
    await expectRefused(
      t,
      () => nominate(t, alice().token, { draftId: 'nope', playerId: GIBBS }),
      400,
      'Invalid id',
    );
    await expectRefused(
      t,
      () => nominate(t, alice().token, { draftId: UNKNOWN_ID, playerId: GIBBS }),
      404,
      'Draft not found',
    );
    await expectRefused(
      t,
      () => nominate(t, alice().token, { draftId: league.draftId, playerId: GIBBS, openingBid: 0 }),
      400,
      'Opening bid must be at least $1',
    );
    // A fraction is named as one, like a bid's, even below $1.
    for (const openingBid of [1.5, 0.5]) {
      await expectRefused(
        t,
        () => nominate(t, alice().token, { draftId: league.draftId, playerId: GIBBS, openingBid }),
        400,
        'Opening bid must be a whole number of dollars',
      );
    }
    // A missing id names its field; 'Invalid id' is for a value that is not one.
    await expectRefused(t, () => nominate(t, alice().token, {}), 400, 'Draft is required');
    await expectRefused(t, () => nominate(t, alice().token, { playerId: GIBBS }), 400, 'Draft is required');
    await expectRefused(
      t,
      () =>
        t.request('POST', '/api/auctions/nominate', { body: { draftId: league.draftId, playerId: GIBBS } }),
      401,
      /token|auth/i,
    );
  });

  it('opens an auction for the team on the clock, with every field of the contract', async () => {
    const response = await nominate(t, alice().token, { draftId: league.draftId, playerId: GIBBS });
    expect(response.status).toBe(201);
    const data = draftAuctionDataSchema.parse(await auctionOf(t, bob().token, league.draftId));
    const auction = data.auction!;
    expect(auction).toMatchObject({
      status: 'active',
      playerId: GIBBS,
      playerName: 'Jahmyr Gibbs',
      position: 'RB',
      nflTeam: 'DET',
      openingBid: 1,
      currentBid: 1,
      currentBidder: { _id: teamA()._id, teamNumber: 1 },
      nominatedBy: { _id: teamA()._id, teamNumber: 1 },
      timeLimit: 6,
      autoNominated: false,
    });
    expect(auction.bids).toHaveLength(1);
    expect(auction.timeLeft).toBeGreaterThanOrEqual(1);
    expect(auction.timeLeft).toBeLessThanOrEqual(6);
    expect(data.nominationDeadline).toBeNull();
  });

  it('refuses bad bids with a clear 4xx and changes nothing', async () => {
    const auctionId = await openAuctionId();
    const refused = (token: string, body: unknown, status: number, message: string | RegExp) =>
      expectRefused(t, () => bid(t, token, auctionId, body), status, message);
    await refused(
      bob().token,
      { bidAmount: 2, teamId: teamA()._id },
      403,
      'You can only bid for your own team',
    );
    await refused(bob().token, { bidAmount: -3, teamId: teamB()._id }, 400, 'Bid amount must be at least $1');
    await refused(
      bob().token,
      { bidAmount: 2.5, teamId: teamB()._id },
      400,
      'Bid amount must be a whole number of dollars',
    );
    await refused(bob().token, { bidAmount: '5', teamId: teamB()._id }, 400, 'Bid amount must be a number');
    await refused(bob().token, { teamId: teamB()._id }, 400, 'Bid amount is required');
    await refused(
      bob().token,
      { bidAmount: 0.5, teamId: teamB()._id },
      400,
      'Bid amount must be a whole number of dollars',
    );
    await refused(bob().token, { bidAmount: 5 }, 400, 'Team is required');
    await refused(bob().token, { bidAmount: 5, teamId: 'nope' }, 400, 'Invalid id');
    // Budget 20, 3 slots: max bid 20 - 2 = 18.
    await refused(
      bob().token,
      { bidAmount: 19, teamId: teamB()._id },
      409,
      'Bid exceeds your max bid of $18',
    );
    await refused(
      alice().token,
      { bidAmount: 2, teamId: teamA()._id },
      409,
      'You are already the high bidder',
    );
    await refused(bob().token, { bidAmount: 1, teamId: teamB()._id }, 409, 'Bid must be at least $2');
    await expectRefused(
      t,
      () => bid(t, bob().token, UNKNOWN_ID, { bidAmount: 2, teamId: teamB()._id }),
      404,
      'Auction not found',
    );
    await expectRefused(
      t,
      () => t.request('POST', `/api/auctions/${auctionId}/complete`, { token: bob().token }),
      409,
      'The auction is still running',
    );
  });

  it('applies a change of team owner to the very next bid', async () => {
    const auctionId = await openAuctionId();
    const assignOwner = async (userId: string) => {
      const response = await t.request('POST', `/api/teams/${teamB()._id}/assign-owner`, {
        token: league.admin.token,
        body: { userId },
      });
      expect(response.status).toBe(200);
    };
    const tooLow = { bidAmount: 1, teamId: teamB()._id };
    // Bob's ownership is looked up (and remembered) by a bid that is refused for its amount, not its team.
    await expectRefused(t, () => bid(t, bob().token, auctionId, tooLow), 409, 'Bid must be at least $2');
    const carol = await t.registerUser('auc_carol');
    await assignOwner(carol.user._id);
    await expectRefused(
      t,
      () => bid(t, bob().token, auctionId, tooLow),
      403,
      'You can only bid for your own team',
    );
    await expectRefused(t, () => bid(t, carol.token, auctionId, tooLow), 409, 'Bid must be at least $2');
    await assignOwner(bob().user._id);
    await expectRefused(t, () => bid(t, bob().token, auctionId, tooLow), 409, 'Bid must be at least $2');
  });

  it('accepts a valid bid, then the timer completes the auction: pick, budgets, rosters, turn', async () => {
    const auctionId = await openAuctionId();
    const { socket } = await joinedDraftRoom(t.baseUrl, alice().token, league.draftId);
    const sale = nextEvent(socket, 'auctionCompleted', () => true, 15_000);
    const accepted = await bid(t, bob().token, auctionId, { bidAmount: 5, teamId: teamB()._id });
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe('Bid placed: $5');

    const after = await eventually(
      () => auctionOf(t, alice().token, league.draftId),
      (data: DraftAuctionData) => data.auction === null,
    );
    expect(after.lastCompletedAuction).toMatchObject({ _id: auctionId, status: 'completed', winningBid: 5 });
    expect(after.lastCompletedAuction!.winner!._id).toBe(teamB()._id);
    expect(after.currentTeamTurn!._id).toBe(teamB()._id);
    // The sale's event already names the next team on the clock and its deadline (no stale turn in the room).
    const announced = auctionCompletedSchema.parse(await sale);
    socket.disconnect();
    expect(announced.currentTeamTurn).toEqual({ _id: teamB()._id, name: teamB().name, teamNumber: 2 });
    expect(announced.nominationDeadline).toBe(after.nominationDeadline);

    const picks = picksDataSchema.parse(
      (await t.request<PicksData>('GET', `/api/drafts/${league.draftId}/picks`, { token: alice().token }))
        .body.data,
    ).picks;
    expect(picks).toHaveLength(1);
    expect(picks[0]).toMatchObject({
      pickNumber: 1,
      playerId: GIBBS,
      cost: 5,
      source: 'auction',
      draftStatus: 'active',
    });
    expect(picks[0]!.teamId).toEqual({ _id: teamB()._id, name: teamB().name, teamNumber: 2 });

    const team = (await t.request<TeamData>('GET', `/api/teams/${teamB()._id}`, { token: bob().token })).body
      .data.team;
    expect(team.budget).toEqual({ total: 20, spent: 5, remaining: 15 });
    expect(team.slotsRemaining).toBe(2);
    expect(team.players).toEqual([
      expect.objectContaining({ playerName: 'Jahmyr Gibbs', position: 'RB', team: 'DET', cost: 5 }),
    ]);
    expect(await playerIn(league.draftId, GIBBS)).toMatchObject({
      isDrafted: true,
      cost: 5,
      draftedByTeamId: teamB()._id,
      draftId: league.draftId,
    });
    const draft = (await t.request<DraftData>('GET', `/api/drafts/${league.draftId}`, { token: bob().token }))
      .body.data.draft;
    expect(draft).toMatchObject({ totalPicks: 1, currentRound: 1, status: 'active' });
    expect(draft.currentTeamTurn!._id).toBe(teamB()._id);

    // Completing again is a no-op answered with the completed auction.
    const again = await t.request<{ auction: { _id: string } }>(
      'POST',
      `/api/auctions/${auctionId}/complete`,
      { token: alice().token },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.auction._id).toBe(auctionId);
    // A bid on the completed auction is refused.
    await expectRefused(
      t,
      () => bid(t, alice().token, auctionId, { bidAmount: 9, teamId: teamA()._id }),
      409,
      'No auction is running',
    );
  });

  it('refuses to nominate a drafted player', async () => {
    await expectRefused(
      t,
      () => nominate(t, bob().token, { draftId: league.draftId, playerId: GIBBS }),
      409,
      'Player has already been drafted',
    );
  });

  it('pauses and resumes (admins only); a paused auction takes no bids', async () => {
    expect((await nominate(t, bob().token, { draftId: league.draftId, playerId: BIJAN })).status).toBe(201);
    const auctionId = await openAuctionId();
    await expectRefused(
      t,
      () => t.request('POST', `/api/drafts/${league.draftId}/pause`, { token: bob().token }),
      403,
      'Access denied. Admin role required.',
    );
    const paused = await t.request<DraftData>('POST', `/api/drafts/${league.draftId}/pause`, {
      token: league.admin.token,
    });
    expect(paused.status).toBe(200);
    expect(paused.body.data.draft.status).toBe('paused');
    const data = await auctionOf(t, alice().token, league.draftId);
    expect(data.auction).toMatchObject({ status: 'paused', deadline: null });
    await expectRefused(
      t,
      () => bid(t, alice().token, auctionId, { bidAmount: 3, teamId: teamA()._id }),
      409,
      'The draft is paused',
    );
    const resumed = await t.request<DraftData>('POST', `/api/drafts/${league.draftId}/resume`, {
      token: league.admin.token,
    });
    expect(resumed.body.data.draft.status).toBe('active');
    expect((await bid(t, alice().token, auctionId, { bidAmount: 3, teamId: teamA()._id })).status).toBe(200);
    await eventually(
      () => auctionOf(t, alice().token, league.draftId),
      (d: DraftAuctionData) => d.auction === null,
    );
  });
});

describe('corrections', () => {
  it('assigns a player (admins only), edits and undoes picks; budgets always equal the picks', async () => {
    const body = { playerId: '4866', teamId: teamA()._id, cost: 4, draftId: league.draftId };
    await expectRefused(
      t,
      () => t.request('POST', '/api/players/assign', { token: alice().token, body }),
      403,
      'Access denied. Admin role required.',
    );
    await expectRefused(t, () => t.request('POST', '/api/players/assign', { body }), 401, /token|auth/i);
    await expectRefused(
      t,
      () =>
        t.request('POST', '/api/players/assign', { token: league.admin.token, body: { ...body, cost: 0 } }),
      400,
      'Cost must be at least $1',
    );
    const assigned = await t.request<PickData>('POST', '/api/players/assign', {
      token: league.admin.token,
      body,
    });
    expect(assigned.status).toBe(201);
    expect(assigned.body.data.pick).toMatchObject({ pickNumber: 3, cost: 4, source: 'admin' });
    expect(await budgetsMismatchingPicks(t, league.draftId)).toEqual([]);

    const picks = (
      await t.request<PicksData>('GET', `/api/drafts/${league.draftId}/picks`, { token: alice().token })
    ).body.data.picks;
    expect(picks.map((pick) => pick.pickNumber)).toEqual([1, 2, 3]);
    const first = picks[0]!;
    await expectRefused(
      t,
      () =>
        t.request('PUT', `/api/drafts/${league.draftId}/picks/${first._id}`, {
          token: bob().token,
          body: { cost: 6 },
        }),
      403,
      'Access denied. Admin role required.',
    );
    const edited = await t.request<PickData>('PUT', `/api/drafts/${league.draftId}/picks/${first._id}`, {
      token: league.admin.token,
      body: { pickNumber: 1, cost: 7, teamId: teamA()._id },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.pick).toMatchObject({ _id: first._id, cost: 7, teamId: { _id: teamA()._id } });
    expect(await budgetsMismatchingPicks(t, league.draftId)).toEqual([]);

    // Another player must be one the catalogue has; its details come from there unless sent.
    const editPlayer = (playerId: string) =>
      t.request<PickData>('PUT', `/api/drafts/${league.draftId}/picks/${first._id}`, {
        token: league.admin.token,
        body: { playerId },
      });
    await expectRefused(t, () => editPlayer('99999999'), 404, 'Player not found');
    expect(await playerIn(league.draftId, GIBBS)).toMatchObject({ isDrafted: true, cost: 7 });
    const jefferson = await playerIn(league.draftId, JEFFERSON);
    const moved = await editPlayer(JEFFERSON);
    expect(moved.status).toBe(200);
    expect(moved.body.data.pick).toMatchObject({
      playerId: JEFFERSON,
      playerName: jefferson.name,
      position: jefferson.position,
      cost: 7,
    });
    expect(await playerIn(league.draftId, JEFFERSON)).toMatchObject({ isDrafted: true, cost: 7 });
    expect(await playerIn(league.draftId, GIBBS)).toMatchObject({ isDrafted: false });
    expect((await editPlayer(GIBBS)).body.data.pick).toMatchObject({ playerId: GIBBS, cost: 7 });

    const undone = await t.request<{ pickNumber: number }>(
      'DELETE',
      `/api/drafts/${league.draftId}/picks/${first._id}`,
      {
        token: league.admin.token,
      },
    );
    expect(undone.status).toBe(200);
    expect(undone.body.data).toEqual({ pickNumber: 1 });
    const left = (
      await t.request<PicksData>('GET', `/api/drafts/${league.draftId}/picks`, { token: alice().token })
    ).body.data.picks;
    expect(left.map((pick) => [pick.pickNumber, pick._id])).toEqual([
      [1, picks[1]!._id],
      [2, picks[2]!._id],
    ]);
    expect(await budgetsMismatchingPicks(t, league.draftId)).toEqual([]);
    expect(await playerIn(league.draftId, GIBBS)).toMatchObject({
      isDrafted: false,
      cost: null,
      draftedByTeamId: null,
      draftId: null,
    });
    await expectRefused(
      t,
      () =>
        t.request('DELETE', `/api/drafts/${league.draftId}/picks/${first._id}`, {
          token: league.admin.token,
        }),
      404,
      'Pick not found',
    );
  });

  it('lists recent picks newest first and validates the limit', async () => {
    const recent = await t.request<PicksData>('GET', '/api/drafts/picks/recent?limit=1', {
      token: alice().token,
    });
    expect(recent.status).toBe(200);
    expect(recent.body.data.picks).toHaveLength(1);
    // The admin's assignment was the last pick made (edits and undos keep the picks' times).
    expect(recent.body.data.picks[0]!.playerId).toBe('4866');
    const bad = await t.request('GET', '/api/drafts/picks/recent?limit=0', { token: alice().token });
    expect(bad.status).toBe(400);
    // A named draft must exist, as for the draft's own picks: not an empty list for a mistyped id.
    const unknown = await t.request('GET', `/api/drafts/picks/recent?draftId=${UNKNOWN_ID}`, {
      token: alice().token,
    });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Draft not found']);
    const own = await t.request<PicksData>('GET', `/api/drafts/picks/recent?draftId=${league.draftId}`, {
      token: alice().token,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.picks.every((pick) => pick.draftId === league.draftId)).toBe(true);
  });

  it('rebuilds the read models from the log to exactly the live ones', async () => {
    // Paused, the draft's timers cannot commit an event between the two snapshots.
    const paused = await t.request('POST', `/api/drafts/${league.draftId}/pause`, {
      token: league.admin.token,
    });
    expect([200, 201]).toContain(paused.status);
    const before = await snapshotLeague(t);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await snapshotLeague(t)).toEqual(before);
  });
});

describe('the nomination clock', () => {
  it('auto-nominates the best available player by ADP at $1 for an idle team', async () => {
    const idle = await createLeague(t, { prefix: 'idle', settings: { nominationTimeLimit: 2 } });
    const data = await eventually(
      () => auctionOf(t, idle.admin.token, idle.draftId),
      (value: DraftAuctionData) => value.auction !== null,
    );
    // The idle draft has sold nobody: the best of the whole pool, whatever the other draft bought.
    const best = await poolOf(t).query(
      `SELECT provider_id FROM players ORDER BY adp ASC NULLS LAST, projected_points DESC NULLS LAST, name, id LIMIT 1`,
    );
    expect(data.auction).toMatchObject({
      autoNominated: true,
      openingBid: 1,
      playerId: best.rows[0].provider_id,
      nominatedBy: { _id: idle.teams[0]!._id },
    });
  });
});

describe('recent picks of one instant in several drafts', () => {
  it('come in a fixed order (a sweep completes several drafts at once), whatever order they were written in', async () => {
    const leagues = [
      await createLeague(t, { prefix: 'tie1', teams: 2 }),
      await createLeague(t, { prefix: 'tie2', teams: 2 }),
    ];
    // Written in the order opposite to the listing's: the higher draft id is listed first.
    leagues.sort((a, b) => a.draftId.localeCompare(b.draftId));
    for (const tied of leagues) {
      const assigned = await t.request('POST', '/api/players/assign', {
        token: tied.admin.token,
        body: { playerId: JEFFERSON, teamId: tied.teams[0]!._id, cost: 1, draftId: tied.draftId },
      });
      expect(assigned.status).toBe(201);
    }
    // Far ahead of every other pick, at one instant, as two completions in one sweep pass would be.
    await poolOf(t).query(
      `UPDATE picks SET picked_at = now() + interval '1 day' WHERE draft_id = ANY($1::uuid[])`,
      [leagues.map((tied) => tied.draftId)],
    );
    const recent = await t.request<PicksData>('GET', '/api/drafts/picks/recent?limit=2', {
      token: leagues[0]!.admin.token,
    });
    expect(recent.body.data.picks.map((pick) => pick.draftId)).toEqual(
      leagues.map((tied) => tied.draftId).reverse(),
    );
  });
});
