import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  keepersDataSchema,
  nominationQueueDataSchema,
  type DraftAuctionData,
  type DraftData,
  type KeepersData,
  type NominationQueueData,
} from '@auction/contracts';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { LeagueReadModelsRebuilder } from '../drafts/index.js';
import { getTeam, poolOf, snapshotLeague } from '../teams/__tests__/league-test-kit.js';
import {
  auctionOf,
  budgetsMismatchingPicks,
  createLeague,
  eventually,
  nominate,
  type League,
} from './__tests__/auction-test-kit.js';

// Issue 13, parts 2 and 6 (docs/adr/0018): the nomination queue and keepers. The draft is prepared before the start
// (queue, keepers), then started with a 2 s nomination clock that team 1 lets run out.
const GIBBS = '9221';
const BIJAN = '9509';
const CHASE = '9493';
const BUDGET = 50;
const PLAYERS = 4;

let t: TestApp;
let league: League;

const admin = () => league.admin;
const user = (i: number) => league.users[i]!;
const team = (i: number) => league.teams[i]!;

function putQueue(token: string, teamId: string, playerIds: unknown) {
  return t.request<NominationQueueData>('PUT', `/api/drafts/${league.draftId}/queue`, {
    token,
    body: { teamId, playerIds },
  });
}

function getQueue(token: string, teamId?: string) {
  const query = teamId === undefined ? '' : `?teamId=${teamId}`;
  return t.request<NominationQueueData>('GET', `/api/drafts/${league.draftId}/queue${query}`, { token });
}

function addKeeper(token: string, body: Record<string, unknown>) {
  return t.request<KeepersData>('POST', `/api/drafts/${league.draftId}/keepers`, { token, body });
}

beforeAll(async () => {
  t = await startTestApp();
  league = await createLeague(t, {
    prefix: 'queue',
    start: false,
    settings: { playersPerTeam: PLAYERS, budgetPerTeam: BUDGET, nominationTimeLimit: 2 },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('keepers before the start', () => {
  it('refuses non-admins, a cost over the max bid and a cost under $1, with 4xx messages', async () => {
    const byOwner = await addKeeper(user(1).token, { teamId: team(1)._id, playerId: GIBBS, cost: 5 });
    expect(byOwner.status).toBe(403);
    // $1 must stay for each of the other 3 slots: at most $47.
    const over = await addKeeper(admin().token, { teamId: team(1)._id, playerId: GIBBS, cost: 48 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      success: false,
      message: "Keeper cost exceeds the team's max bid of $47",
    });
    const free = await addKeeper(admin().token, { teamId: team(1)._id, playerId: GIBBS, cost: 0 });
    expect(free.status).toBe(400);
    expect(free.body.message).toBe('Keeper cost must be at least $1');
    const unknown = await addKeeper(admin().token, { teamId: team(1)._id, playerId: 'no-such', cost: 2 });
    expect(unknown.status).toBe(404);
  });

  it('refuses a nomination with "The draft has not started", whether or not a team is named', async () => {
    for (const [token, body] of [
      [admin().token, { draftId: league.draftId, playerId: CHASE }],
      [user(0).token, { draftId: league.draftId, playerId: CHASE }],
      [admin().token, { draftId: league.draftId, playerId: CHASE, teamId: team(0)._id }],
    ] as const) {
      const refused = await nominate(t, token, body);
      expect([refused.status, refused.body.message]).toEqual([409, 'The draft has not started']);
    }
  });

  it('adds a keeper pick: the roster, the budget and the open slots shrink, and a player is kept once', async () => {
    const added = await addKeeper(admin().token, { teamId: team(1)._id, playerId: GIBBS, cost: 12 });
    expect(added.status).toBe(201);
    const { keepers } = keepersDataSchema.parse(added.body.data);
    expect(keepers).toHaveLength(1);
    expect(keepers[0]).toMatchObject({ playerId: GIBBS, cost: 12, source: 'keeper', pickNumber: 1 });
    expect(keepers[0]!.teamId._id).toBe(team(1)._id);

    const kept = await getTeam(t, admin().token, team(1)._id);
    expect(kept.budget).toMatchObject({ spent: 12, remaining: BUDGET - 12 });
    expect(kept.slotsRemaining).toBe(PLAYERS - 1);
    expect(kept.players.map((p) => p.playerId)).toEqual([GIBBS]);
    expect(await budgetsMismatchingPicks(t, league.draftId)).toEqual([]);

    const twice = await addKeeper(admin().token, { teamId: team(0)._id, playerId: GIBBS, cost: 3 });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('Player is already kept in this draft');
  });

  it('removes a keeper with DELETE and frees the budget again', async () => {
    await addKeeper(admin().token, { teamId: team(0)._id, playerId: CHASE, cost: 4 });
    const removed = await t.request<KeepersData>('DELETE', `/api/drafts/${league.draftId}/keepers/${CHASE}`, {
      token: admin().token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.keepers.map((k) => k.playerId)).toEqual([GIBBS]);
    expect((await getTeam(t, admin().token, team(0)._id)).budget.spent).toBe(0);
  });
});

describe('keepers that fill rosters', () => {
  const startDraft = (host: League) =>
    t.request<DraftData>('POST', `/api/drafts/${host.draftId}/start`, { token: host.admin.token });
  const keep = (host: League, i: number, playerId: string) =>
    t.request<KeepersData>('POST', `/api/drafts/${host.draftId}/keepers`, {
      token: host.admin.token,
      body: { teamId: host.teams[i]!._id, playerId, cost: 5 },
    });

  it('pass the first turn on at the start: the next team nominates, nobody waits on a full roster', async () => {
    const full = await createLeague(t, {
      prefix: 'fullfirst',
      start: false,
      settings: { playersPerTeam: 1, budgetPerTeam: 5 },
    });
    expect((await keep(full, 0, GIBBS)).status).toBe(201);
    const started = await startDraft(full);
    expect(started.status).toBe(200);
    expect(started.body.data.draft.currentTeamTurn?._id).toBe(full.teams[1]!._id);
    const nominated = await t.request('POST', '/api/auctions/nominate', {
      token: full.users[1]!.token,
      body: { draftId: full.draftId, playerId: BIJAN },
    });
    expect(nominated.status).toBe(201);
  });

  it('complete the draft at the start when they filled every roster', async () => {
    const full = await createLeague(t, {
      prefix: 'fullall',
      start: false,
      settings: { playersPerTeam: 1, budgetPerTeam: 5 },
    });
    expect((await keep(full, 0, GIBBS)).status).toBe(201);
    expect((await keep(full, 1, CHASE)).status).toBe(201);
    const started = await startDraft(full);
    expect(started.status).toBe(200);
    expect(started.body.data.draft).toMatchObject({ status: 'completed', currentTeamTurn: null });
    const draft = await t.request<DraftData>('GET', `/api/drafts/${full.draftId}`, {
      token: full.admin.token,
    });
    expect(draft.body.data.draft).toMatchObject({ status: 'completed', totalPicks: 2 });
    // Nobody is on the clock: the admin names no team, and hears why.
    const late = await nominate(t, full.admin.token, { draftId: full.draftId, playerId: BIJAN });
    expect([late.status, late.body.message]).toEqual([409, 'The draft is completed']);
  });
});

describe('keepers of a draft that is not there', () => {
  it('answer 404 Draft not found for an unknown or a deleted draft', async () => {
    const gone = await createLeague(t, { prefix: 'keepgone', start: false });
    expect(
      (await t.request('DELETE', `/api/drafts/${gone.draftId}`, { token: gone.admin.token })).status,
    ).toBe(200);
    for (const draftId of [gone.draftId, '00000000-0000-4000-8000-000000000000']) {
      const answer = await t.request('GET', `/api/drafts/${draftId}/keepers`, { token: gone.admin.token });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, message: 'Draft not found' });
    }
  });
});

describe('the nomination queue', () => {
  it('lets the owner and admins set and read it, nobody else', async () => {
    const set = await putQueue(user(0).token, team(0)._id, [GIBBS, CHASE, BIJAN]);
    expect(set.status).toBe(200);
    const data = nominationQueueDataSchema.parse(set.body.data);
    expect(data.players.map((p) => [p.playerId, p.available])).toEqual([
      [GIBBS, false], // kept by team 2
      [CHASE, true],
      [BIJAN, true],
    ]);

    const own = await getQueue(user(0).token);
    expect(own.body.data.players.map((p) => p.playerId)).toEqual([GIBBS, CHASE, BIJAN]);
    const byAdmin = await getQueue(admin().token, team(0)._id);
    expect(byAdmin.body.data.players).toHaveLength(3);

    // Another team's queue is not visible, nor settable.
    const peek = await getQueue(user(1).token, team(0)._id);
    expect(peek.status).toBe(403);
    expect(peek.body).toMatchObject({ success: false, data: null });
    expect((await putQueue(user(1).token, team(0)._id, [CHASE])).status).toBe(403);
    expect((await getQueue(user(1).token)).body.data.players).toEqual([]);
    // Bad input is a 4xx.
    expect((await putQueue(user(0).token, team(0)._id, [BIJAN, BIJAN])).status).toBe(400);
    expect((await putQueue(user(0).token, team(0)._id, 'nope')).status).toBe(400);
    expect((await putQueue(user(0).token, team(0)._id, ['no-such-player'])).status).toBe(404);
    expect((await getQueue(admin().token)).status).toBe(400);
    // A team of no draft, or of another one, has no queue here: read as set.
    const stranger = '7f1c1a52-3b6e-4a59-9a4e-1d2f3c4b5a69';
    for (const read of [getQueue(admin().token, stranger), putQueue(admin().token, stranger, [CHASE])]) {
      const answer = await read;
      expect([answer.status, answer.body.message]).toEqual([400, 'Team is not in this draft']);
    }
  });

  it('nominates the first queued player still available in this draft at $1 when the clock runs out', async () => {
    const started = await t.request<DraftData>('POST', `/api/drafts/${league.draftId}/start`, {
      token: admin().token,
    });
    expect(started.status).toBe(200);
    const data = await eventually(
      () => auctionOf(t, admin().token, league.draftId),
      (value: DraftAuctionData) => value.auction !== null,
    );
    // GIBBS (first queued) is kept in this draft, so CHASE; by ADP alone it would have been BIJAN.
    expect(data.auction).toMatchObject({
      autoNominated: true,
      openingBid: 1,
      playerId: CHASE,
      nominatedBy: { _id: team(0)._id },
    });
  });

  it('keeps keepers fixed once the draft has started', async () => {
    const late = await addKeeper(admin().token, { teamId: team(0)._id, playerId: CHASE, cost: 2 });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('Keepers can only be changed before the draft starts');
    const undo = await t.request('DELETE', `/api/drafts/${league.draftId}/keepers/${GIBBS}`, {
      token: admin().token,
    });
    expect(undo.status).toBe(409);
  });

  it('is in the log and the read models rebuild to the same rows, keepers included', async () => {
    const { rows } = await poolOf(t).query<{ type: string }>(
      `SELECT type FROM es_events WHERE stream_id = $1 AND type IN ('NominationQueueSet', 'KeeperAdded', 'KeeperRemoved')
       ORDER BY stream_version`,
      [`draft-${league.draftId}`],
    );
    expect(rows.map((r) => r.type)).toEqual([
      'KeeperAdded',
      'KeeperAdded',
      'KeeperRemoved',
      'NominationQueueSet',
    ]);
    const before = await snapshotLeague(t);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await snapshotLeague(t)).toEqual(before);
  });
});
