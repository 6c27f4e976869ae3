import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  IDEMPOTENT_AUCTION_ENDED_MESSAGE,
  type AuctionData,
  type DraftAuctionData,
  type DraftData,
  type KeepersData,
  type TeamData,
} from '@auction/contracts';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { expectRefused } from '../players/__tests__/player-test-kit.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { auctionOf, createLeague, eventually, type League } from './__tests__/auction-test-kit.js';

// ADR 0020: a retry with the same key answers the first run's outcome, built from the events it appended, whatever
// the retry carries (found by an adversarial probe: a retried nomination answered 500, an assignment 404, a keeper
// or a maximum bid the retry's values).
const GIBBS = '9221';
const BIJAN = '9509';
const CHASE = '9493';
const JEFFERSON = '6794';
const JA_MARR = '7564';

let t: TestApp;
let league: League;

beforeAll(async () => {
  t = await startTestApp();
  league = await createLeague(t, {
    prefix: 'retry',
    start: false,
    settings: { playersPerTeam: 4, budgetPerTeam: 100, auctionTimeLimit: 2, bidTimeReset: 2 },
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const key = (value: string) => ({ 'Idempotency-Key': value });
const eventsOf = async (type: string) =>
  (
    await poolOf(t).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1 AND type = $2`,
      [`draft-${league.draftId}`, type],
    )
  ).rows[0]!.n;
const nominate = (i: number, playerId: string, headers: Record<string, string> = {}) =>
  t.request<AuctionData>('POST', '/api/auctions/nominate', {
    token: league.users[i]!.token,
    body: { draftId: league.draftId, playerId },
    headers,
  });
const openAuction = async (): Promise<DraftAuctionData['auction']> =>
  (await auctionOf(t, league.admin.token, league.draftId)).auction;

describe('a retried command with the same Idempotency-Key', () => {
  it('keeper: answers the keeper its first run added, adding nothing', async () => {
    const add = (playerId: string, cost: number) =>
      t.request<KeepersData>('POST', `/api/drafts/${league.draftId}/keepers`, {
        token: league.admin.token,
        body: { teamId: league.teams[0]!._id, playerId, cost },
        headers: key('keeper-1'),
      });
    const first = await add(GIBBS, 5);
    expect(first.status).toBe(201);
    const again = await add(BIJAN, 7);
    expect(again.status).toBe(201);
    expect(again.body.message).toBe(first.body.message);
    expect(again.body.message).toMatch(/ for \$5$/);
    expect(again.body.data.keepers.map((kept) => kept.playerId)).toEqual([GIBBS]);
    const started = await t.request('POST', `/api/drafts/${league.draftId}/start`, {
      token: league.admin.token,
    });
    expect(started.status).toBe(200);
  });

  it('nomination: answers the auction its first run opened; once another has opened, 409', async () => {
    const first = await nominate(0, CHASE, key('nominate-1'));
    expect(first.status).toBe(201);
    // A rival bids before the retry: the retry still answers the nomination's opening bid.
    const outbid = await t.request('POST', `/api/auctions/${first.body.data.auction._id}/bid`, {
      token: league.users[1]!.token,
      body: { bidAmount: 2, teamId: league.teams[1]!._id },
    });
    expect(outbid.status).toBe(200);
    const again = await nominate(0, CHASE, key('nominate-1'));
    expect(again.status).toBe(201);
    expect(again.body.message).toBe(first.body.message);
    expect(again.body.message).toMatch(/ nominated for \$1$/);
    expect(again.body.data.auction._id).toBe(first.body.data.auction._id);
    expect(await eventsOf('PlayerNominated')).toBe(1);

    // The 2 s auction ends: a retry answers it as it ended, the draft's last completed auction.
    await eventually(openAuction, (auction) => auction === null, 15_000);
    const ended = await nominate(0, CHASE, key('nominate-1'));
    expect(ended.status).toBe(201);
    expect(ended.body.data.auction).toMatchObject({ _id: first.body.data.auction._id, status: 'completed' });
    // Two nominations later it is neither open nor the last completed: it can no longer be shown as it was.
    expect((await nominate(1, BIJAN)).status).toBe(201);
    await eventually(openAuction, (auction) => auction === null, 15_000);
    expect((await nominate(0, JA_MARR)).status).toBe(201);
    const late = await nominate(0, CHASE, key('nominate-1'));
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ success: false, message: IDEMPOTENT_AUCTION_ENDED_MESSAGE });
    expect(await eventsOf('PlayerNominated')).toBe(3);
  }, 30_000);

  it('maximum bid: answers the maximum its first run set', async () => {
    const auction = (await openAuction())!;
    const set = (maxBid: number) =>
      t.request('PUT', `/api/auctions/${auction._id}/proxy`, {
        token: league.users[0]!.token,
        body: { teamId: league.teams[0]!._id, maxBid },
        headers: key('proxy-1'),
      });
    expect((await set(10)).body.message).toBe('Maximum bid set: $10');
    const again = await set(20);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Maximum bid set: $10');
    expect(await eventsOf('ProxyBidSet')).toBe(1);
  });

  it('assignment: answers the pick its first run made', async () => {
    await eventually(openAuction, (auction) => auction === null, 15_000);
    const assign = () =>
      t.request<{ pick: { _id: string; playerId: string } }>('POST', `/api/drafts/${league.draftId}/pick`, {
        token: league.admin.token,
        body: { playerId: JEFFERSON, teamId: league.teams[1]!._id, cost: 2 },
        headers: key('assign-1'),
      });
    const first = await assign();
    expect(first.status).toBe(201);
    const again = await assign();
    expect(again.status).toBe(201);
    expect(again.body.data.pick._id).toBe(first.body.data.pick._id);
    const { rows } = await poolOf(t).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM picks WHERE draft_id = $1 AND player_id = $2`,
      [league.draftId, JEFFERSON],
    );
    expect(rows[0]!.n).toBe(1);
  }, 30_000);

  it('create: a retried draft or team is the first one, not a twin', async () => {
    const token = league.admin.token;
    const createDraft = (name: string) =>
      t.request<DraftData>('POST', '/api/drafts', { token, body: { name }, headers: key('draft-1') });
    const firstDraft = await createDraft('Retry Cup');
    const againDraft = await createDraft('Retry Cup, again');
    expect([firstDraft.status, againDraft.status]).toEqual([201, 201]);
    expect(againDraft.body.data.draft._id).toBe(firstDraft.body.data.draft._id);
    expect(againDraft.body.data.draft.name).toBe('Retry Cup');
    const createTeam = (name: string) =>
      t.request<TeamData>('POST', '/api/teams', {
        token,
        body: { name, teamNumber: 9 },
        headers: key('team-1'),
      });
    const firstTeam = await createTeam('Retry Rovers');
    const againTeam = await createTeam('Retry Rovers');
    expect([firstTeam.status, againTeam.status]).toEqual([201, 201]);
    expect(againTeam.body.data.team._id).toBe(firstTeam.body.data.team._id);
    // The same key from another user, or another kind of entity, is another request.
    const otherKind = await t.request<TeamData>('POST', '/api/teams', {
      token,
      body: { name: 'Retry Rangers', teamNumber: 10 },
      headers: key('draft-1'),
    });
    expect(otherKind.status).toBe(201);
    const { rows } = await poolOf(t).query<{ n: number }>(
      `SELECT count(*)::int AS n FROM drafts WHERE name LIKE 'Retry Cup%'`,
    );
    expect(rows[0]!.n).toBe(1);
    // Deleted since: the retry says so (409), rather than "not found" for a create, and creates nothing.
    const draftId = firstDraft.body.data.draft._id;
    expect((await t.request('DELETE', `/api/drafts/${draftId}`, { token })).status).toBe(200);
    await expectRefused(
      t,
      () => createDraft('Retry Cup'),
      409,
      'This request was already carried out, and the draft it created has been deleted since',
    );
    const teamId = firstTeam.body.data.team._id;
    expect((await t.request('DELETE', `/api/teams/${teamId}`, { token })).status).toBe(200);
    await expectRefused(
      t,
      () => createTeam('Retry Rovers'),
      409,
      'This request was already carried out, and the team it created has been deleted since',
    );
  });

  it('one key on two kinds of command is two requests: a pause and then a resume sent with it both run', async () => {
    const send = (action: 'pause' | 'resume') =>
      t.request<DraftData>('POST', `/api/drafts/${league.draftId}/${action}`, {
        token: league.admin.token,
        headers: key('pause-then-resume'),
      });
    expect((await send('pause')).body.data.draft.status).toBe('paused');
    const resumed = await send('resume');
    expect([resumed.status, resumed.body.data.draft.status]).toEqual([200, 'active']);
    const again = await send('resume');
    expect([again.status, again.body.data.draft.status]).toEqual([200, 'active']);
    expect(await eventsOf('DraftResumed')).toBe(1);
  });
});

describe("a retry naming a rival's team", () => {
  it("answers the first run's own team: it never shows the rival's private maximum or queue", async () => {
    const peek = await createLeague(t, {
      prefix: 'peek',
      settings: { playersPerTeam: 4, budgetPerTeam: 100, auctionTimeLimit: 600, bidTimeReset: 600 },
    });
    const [mine, rival] = [peek.teams[0]!._id, peek.teams[1]!._id];
    const as = (
      i: number,
      method: string,
      path: string,
      body?: object,
      headers: Record<string, string> = {},
    ) =>
      t.request<{ teamId: string; maxBid: number | null; players?: { playerId: string }[] }>(method, path, {
        token: peek.users[i]!.token,
        ...(body && { body }),
        headers,
      });
    const opened = await as(0, 'POST', '/api/auctions/nominate', { draftId: peek.draftId, playerId: GIBBS });
    expect(opened.status).toBe(201);
    const proxy = `/api/auctions/${(await auctionOf(t, peek.admin.token, peek.draftId)).auction!._id}/proxy`;
    const queue = `/api/drafts/${peek.draftId}/queue`;
    // The rival's private maximum ($40, it bids $2 at once) and queue.
    expect((await as(1, 'PUT', proxy, { teamId: rival, maxBid: 40 })).status).toBe(200);
    expect((await as(1, 'PUT', queue, { teamId: rival, playerIds: [BIJAN] })).status).toBe(200);
    // The owner of the other team sends its own commands with keys, then the same keys naming the rival's team.
    expect((await as(0, 'PUT', proxy, { teamId: mine, maxBid: 3 }, key('peek-set'))).status).toBe(200);
    expect((await as(0, 'PUT', queue, { teamId: mine, playerIds: [CHASE] }, key('peek-queue'))).status).toBe(
      200,
    );
    expect((await as(0, 'DELETE', `${proxy}?teamId=${mine}`, undefined, key('peek-remove'))).status).toBe(
      200,
    );

    const retries = [
      await as(0, 'PUT', proxy, { teamId: rival, maxBid: 3 }, key('peek-set')),
      await as(0, 'DELETE', `${proxy}?teamId=${rival}`, undefined, key('peek-remove')),
      await as(0, 'PUT', queue, { teamId: rival, playerIds: [CHASE] }, key('peek-queue')),
    ];
    for (const retry of retries) expect([retry.status, retry.body.data.teamId]).toEqual([200, mine]);
    expect(retries[0]!.body.data.maxBid).not.toBe(40);
    expect(retries[1]!.body.data.maxBid).toBeNull();
    expect(retries[2]!.body.data.players!.map((player) => player.playerId)).toEqual([CHASE]);
    // The rival's maximum still stands, untouched.
    expect((await as(1, 'GET', `${proxy}?teamId=${rival}`)).body.data.maxBid).toBe(40);
  }, 30_000);
});
