import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  DraftAuctionData,
  DraftData,
  DraftsData,
  PickData,
  PicksData,
  ReplayData,
} from '@auction/contracts';
import type { QueryRunner } from 'typeorm';
import type { Socket } from 'socket.io-client';
import { CompletedDraftsHaveNoTurn1763781400000 } from '../../infrastructure/database/migrations/1763781400000-completed-drafts-have-no-turn.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../../test-support/socket-client.js';
import { auctionOf, createLeague, type League } from '../auctions/__tests__/auction-test-kit.js';
import { assignTeams, createDraft, poolOf, snapshotLeague } from '../teams/__tests__/league-test-kit.js';
import { LeagueReadModelsRebuilder } from './league-read-models.rebuilder.js';

// Bundled players (provider ids).
const GIBBS = '9221';
const BIJAN = '9509';

let t: TestApp;
let league: League;
let socket: Socket | undefined;
type DraftCompletedPayload = { draftId: string; currentTeamTurn: unknown; draft: DraftData['draft'] };
let completedPayload: Promise<DraftCompletedPayload>;

/** One player per team: two admin assignments complete the draft. */
beforeAll(async () => {
  t = await startTestApp();
  league = await createLeague(t, { prefix: 'turn', settings: { playersPerTeam: 1 } });
  socket = await connected(connectSocket(t.baseUrl));
  const authenticated = nextEvent(socket, 'authenticated');
  socket.emit('authenticate', league.admin.token);
  await authenticated;
  // Draft-level events reach the draft's room and the sockets watching the list of drafts (ADR 0021).
  await socket.emitWithAck('watchDrafts');
  completedPayload = nextEvent<DraftCompletedPayload>(
    socket,
    'draftCompleted',
    (payload) => payload.draftId === league.draftId,
  );
  for (const [playerId, team] of [
    [GIBBS, league.teams[0]!],
    [BIJAN, league.teams[1]!],
  ] as const) {
    const assigned = await t.request<PickData>('POST', '/api/players/assign', {
      token: league.admin.token,
      body: { playerId, teamId: team._id, cost: 1, draftId: league.draftId },
    });
    if (assigned.status !== 201)
      throw new Error(`assign answered ${assigned.status}: ${assigned.body.message}`);
  }
});

afterAll(async () => {
  socket?.close();
  await t?.close();
});

describe('a completed draft has nobody on the clock', () => {
  it('answers currentTeamTurn null from the draft, the draft list, the auction snapshot and the replay', async () => {
    const token = league.users[0]!.token;
    const draft = (await t.request<DraftData>('GET', `/api/drafts/${league.draftId}`, { token })).body.data
      .draft;
    expect(draft.status).toBe('completed');
    expect(draft.currentTeamTurn).toBeNull();

    const listed = (await t.request<DraftsData>('GET', '/api/drafts', { token })).body.data.drafts;
    expect(listed.find((candidate) => candidate._id === league.draftId)?.currentTeamTurn).toBeNull();

    const auction: DraftAuctionData = await auctionOf(t, token, league.draftId);
    expect(auction.draftStatus).toBe('completed');
    expect(auction.currentTeamTurn).toBeNull();

    const replay = await t.request<ReplayData>('GET', `/api/drafts/${league.draftId}/replay`, {
      token: league.admin.token,
    });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ status: 'completed', currentTeamTurn: null });
  });

  it('sends draftCompleted with no team on the clock', async () => {
    const payload = await completedPayload;
    expect(payload.currentTeamTurn).toBeNull();
    expect(payload.draft).toMatchObject({ status: 'completed', currentTeamTurn: null });
  });

  it('rebuilds the drafts read model with no turn for the completed draft', async () => {
    const before = await snapshotLeague(t);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await snapshotLeague(t)).toEqual(before);
    const { rows } = await poolOf(t).query('SELECT current_team_turn FROM drafts WHERE id = $1', [
      league.draftId,
    ]);
    expect(rows[0].current_team_turn).toBeNull();
  });

  it('clears the turn of completed drafts written before the fix, and of no other draft', async () => {
    const pool = poolOf(t);
    const open = await createLeague(t, { prefix: 'turnopen' });
    // What the old projection left behind: the last team on the clock kept on a completed draft.
    await pool.query('UPDATE drafts SET current_team_turn = $2 WHERE id = $1', [
      league.draftId,
      league.teams[1]!._id,
    ]);
    const queryRunner = { query: (text: string) => pool.query(text) } as unknown as QueryRunner;
    await new CompletedDraftsHaveNoTurn1763781400000().up(queryRunner);

    const { rows } = await pool.query<{ id: string; current_team_turn: string | null }>(
      'SELECT id, current_team_turn FROM drafts WHERE id = ANY($1::uuid[])',
      [[league.draftId, open.draftId]],
    );
    const turnOf = (id: string) => rows.find((row) => row.id === id)?.current_team_turn;
    expect(turnOf(league.draftId)).toBeNull();
    expect(turnOf(open.draftId)).toBe(open.teams[0]!._id);
  });
});

describe('a correction that would reopen a completed draft', () => {
  const admin = () => league.admin.token;
  const picksOf = async (draftId: string) =>
    (await t.request<PicksData>('GET', `/api/drafts/${draftId}/picks`, { token: admin() })).body.data.picks;
  const statusOf = async (draftId: string) =>
    (await t.request<DraftData>('GET', `/api/drafts/${draftId}`, { token: admin() })).body.data.draft.status;

  it('is refused while one of its teams plays in another open draft, and allowed once it does not', async () => {
    // Team 1 finished this draft and now plays in another (a team sits in at most one draft that is not completed).
    const team = league.teams[0]!;
    const other = await createDraft(t, admin(), 'turn next draft', { teamsCount: 1, playersPerTeam: 1 });
    await assignTeams(t, admin(), other._id, [team._id]);
    const picks = await picksOf(league.draftId);
    const teamsPick = picks.find((pick) => pick.teamId._id === team._id)!;

    // Undoing it would let team 1 buy again here: the draft would reopen with team 1 in two open drafts.
    const refused = await t.request('DELETE', `/api/drafts/${league.draftId}/picks/${teamsPick._id}`, {
      token: admin(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      message: `${team.name} now plays in draft "turn next draft", so this draft cannot reopen`,
    });
    expect(await statusOf(league.draftId)).toBe('completed');
    expect(await picksOf(league.draftId)).toEqual(picks);

    // Once the other draft is gone, the same undo reopens this one with team 1 on the clock.
    const deleted = await t.request('DELETE', `/api/drafts/${other._id}`, { token: admin() });
    expect(deleted.status).toBe(200);
    const undone = await t.request('DELETE', `/api/drafts/${league.draftId}/picks/${teamsPick._id}`, {
      token: admin(),
    });
    expect(undone.status).toBe(200);
    const reopened = (await t.request<DraftData>('GET', `/api/drafts/${league.draftId}`, { token: admin() }))
      .body.data.draft;
    expect(reopened).toMatchObject({ status: 'active', currentTeamTurn: { _id: team._id } });
  });
});

describe('a draft that a correction completed while paused', () => {
  it('reopens paused: no clock runs until a resume, and the read models, replay and rebuild agree', async () => {
    const admin = league.admin.token;
    const paused = await createLeague(t, { prefix: 'turnpause', settings: { playersPerTeam: 1 } });
    expect((await t.request('POST', `/api/drafts/${paused.draftId}/pause`, { token: admin })).status).toBe(
      200,
    );
    // While paused the admin fills both rosters (the draft completes) and takes the last assignment back.
    let last: PickData['pick'] | undefined;
    for (const [playerId, team] of [
      [GIBBS, paused.teams[0]!],
      [BIJAN, paused.teams[1]!],
    ] as const) {
      const assigned = await t.request<PickData>('POST', `/api/drafts/${paused.draftId}/pick`, {
        token: admin,
        body: { playerId, teamId: team._id, cost: 1 },
      });
      expect(assigned.status).toBe(201);
      last = assigned.body.data.pick;
    }
    const draftOf = async () =>
      (await t.request<DraftData>('GET', `/api/drafts/${paused.draftId}`, { token: admin })).body.data.draft;
    expect((await draftOf()).status).toBe('completed');
    const undone = await t.request('DELETE', `/api/drafts/${paused.draftId}/picks/${last!._id}`, {
      token: admin,
    });
    expect(undone.status).toBe(200);

    // Before: 'active', with team 2's nomination clock running (and auto-nominating when it ran out).
    expect(await draftOf()).toMatchObject({
      status: 'paused',
      currentTeamTurn: { _id: paused.teams[1]!._id },
    });
    const auction = await auctionOf(t, admin, paused.draftId);
    expect(auction).toMatchObject({ draftStatus: 'paused', nominationDeadline: null });
    expect(auction.nominationTimeLeftMs).toBe(600_000);
    const replay = await t.request<ReplayData>('GET', `/api/drafts/${paused.draftId}/replay`, {
      token: admin,
    });
    expect(replay.body.data).toMatchObject({
      status: 'paused',
      currentTeamTurn: { _id: paused.teams[1]!._id },
    });
    const before = await snapshotLeague(t);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await snapshotLeague(t)).toEqual(before);

    expect((await t.request('POST', `/api/drafts/${paused.draftId}/resume`, { token: admin })).status).toBe(
      200,
    );
    expect((await auctionOf(t, admin, paused.draftId)).nominationDeadline).not.toBeNull();
  });
});
