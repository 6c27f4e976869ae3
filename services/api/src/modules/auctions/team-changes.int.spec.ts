import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { bidPlacedSchema, type AuctionData, type TeamData } from '@auction/contracts';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { ApiMetrics } from '../../infrastructure/metrics/api-metrics.js';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { joinedDraftRoom, nextEvent } from '../../test-support/socket-client.js';
import { TeamChanges } from '../teams/index.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { auctionOf, createLeague, eventually, nominate, type League } from './__tests__/auction-test-kit.js';
import { DraftTimersSweeper } from './timers/draft-timers.sweeper.js';

// ADR 0021: the caches of owned teams and team names are kept for minutes and dropped by TeamChanges, on every
// instance, as soon as a team command commits anywhere; the bid path reads nothing but its append.
const GIBBS = '9221';
/** "At once": the time another instance is given to hear a change (the old expiries were 10 to 30 s). */
const AT_ONCE_MS = 1_000;

let a: TestApp;
let b: TestApp;
let league: League;
let auctionId: string;
let outsider: TestUser;
let next = 0;
const sockets: Socket[] = [];

beforeAll(async () => {
  // A runs nothing in the background on its pool (no async projections, no ops figures, and its timer sweep is
  // stopped below), so its statement counter counts the bids' statements only. B sweeps instead.
  a = await startTestApp({ env: { ASYNC_PROJECTION_POLL_MS: '0', OPS_FIGURES_PUSH_MS: '0' } });
  b = await startTestApp({ shareDatabaseWith: a });
  league = await createLeague(a, {
    prefix: 'tcache',
    settings: { budgetPerTeam: 500, auctionTimeLimit: 600, bidTimeReset: 600 },
  });
  outsider = await a.registerUser('tcache_outsider');
  expect(
    (await nominate(a, league.users[0]!.token, { draftId: league.draftId, playerId: GIBBS })).status,
  ).toBe(201);
  const { auction } = await auctionOf(a, league.users[0]!.token, league.draftId);
  auctionId = auction!._id;
  next = auction!.currentBid + 1;
  // Both subscriptions confirmed: from now on every change reaches both instances.
  await eventually(
    async () => [a, b].map((app) => app.app.get(TeamChanges).listening),
    (listening) => listening.every(Boolean),
  );
}, 60_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await b?.close();
  await a?.close();
});

/** `user` bids the next amount for `teamIndex`'s team on `app`; an accepted bid moves the next amount up. */
async function bidAs(app: TestApp, user: TestUser, teamIndex: number) {
  const answer = await app.request<AuctionData>('POST', `/api/auctions/${auctionId}/bid`, {
    token: user.token,
    body: { bidAmount: next, teamId: league.teams[teamIndex]!._id },
  });
  if (answer.status === 200) next += 1;
  return answer;
}

async function openOn(app: TestApp, user: TestUser): Promise<Socket> {
  const { socket } = await joinedDraftRoom(app.baseUrl, user.token, league.draftId);
  sockets.push(socket);
  return socket;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('steady bidding by known owners', () => {
  it('sends exactly one statement per bid, also past the former 10 s expiry of owned teams', async () => {
    await a.app.get(DraftTimersSweeper).onModuleDestroy();
    const owners = [await openOn(a, league.users[0]!), await openOn(a, league.users[1]!)];
    const socketBid = (i: number) =>
      owners[i]!.timeout(5_000).emitWithAck('bidOnPlayer', {
        draftId: league.draftId,
        playerId: GIBBS,
        bidAmount: next++,
        teamId: league.teams[i]!._id,
      });
    // Warm: the stream's head, both owners' teams, the team names, the latest bids.
    const leader = (await auctionOf(a, league.users[0]!.token, league.draftId)).auction!.currentBidder?._id;
    let bidder = leader === league.teams[0]!._id ? 1 : 0;
    for (let i = 0; i < 2; i += 1, bidder = 1 - bidder)
      expect(await socketBid(bidder)).toMatchObject({ accepted: true });

    const metrics = a.app.get(ApiMetrics);
    const before = await metrics.statementCount();
    // Each owner bids every second for 11 s, as on draft night (each owner every 6 s, for minutes).
    const bids = 22;
    for (let i = 0; i < bids; i += 1, bidder = 1 - bidder) {
      expect(await socketBid(bidder)).toMatchObject({ accepted: true });
      await sleep(500);
    }
    expect((await metrics.statementCount()) - before).toBe(bids);
  }, 60_000);
});

describe('a change on another instance', () => {
  it("is seen by this instance's next bid: the new owner may bid, the previous one may not", async () => {
    const [first, second] = league.users;
    const leader = (await auctionOf(a, first!.token, league.draftId)).auction!.currentBidder?._id;
    if (leader === league.teams[0]!._id) expect((await bidAs(a, second!, 1)).status).toBe(200);
    expect((await bidAs(a, first!, 0)).status).toBe(200);
    expect((await bidAs(a, second!, 1)).status).toBe(200);
    // A now knows the outsider owns nothing.
    const refused = await bidAs(a, outsider, 0);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 403,
      message: 'You can only bid for your own team',
    });

    const admin = await b.loginAdmin();
    const assigned = await b.request('POST', `/api/teams/${league.teams[0]!._id}/assign-owner`, {
      token: admin.token,
      body: { userId: outsider.user._id },
    });
    expect(assigned.status).toBe(200);

    await eventually(
      async () => (await bidAs(a, outsider, 0)).status,
      (status) => status === 200,
      AT_ONCE_MS,
    );
    expect((await bidAs(a, second!, 1)).status).toBe(200);
    const previous = await bidAs(a, first!, 0);
    expect({ status: previous.status, message: previous.body.message }).toEqual({
      status: 403,
      message: 'You can only bid for your own team',
    });
  });

  it("is seen in this instance's next bid answer and live payload: a rename and a new number", async () => {
    const second = league.users[1]!;
    const watcher = await openOn(a, outsider);
    // Team 2 leads: the outsider (owner of team 1 now) and team 2's owner bid in turn from here.
    expect((await bidAs(a, outsider, 0)).status).toBe(200);
    const before = await bidAs(a, second, 1);
    expect(before.body.data.auction.currentBidder).toMatchObject({ name: 'tcache Team 2', teamNumber: 2 });

    const admin = await b.loginAdmin();
    const renamed = await b.request<TeamData>('PUT', `/api/teams/${league.teams[1]!._id}`, {
      token: admin.token,
      body: { name: 'tcache Renamed', teamNumber: 9 },
    });
    expect(renamed.status).toBe(200);

    const shown = await eventually(
      async () => {
        expect((await bidAs(a, outsider, 0)).status).toBe(200);
        const answer = await bidAs(a, second, 1);
        expect(answer.status).toBe(200);
        return answer.body.data.auction.currentBidder;
      },
      (bidder) => bidder.name !== 'tcache Team 2',
      AT_ONCE_MS,
    );
    expect(shown).toMatchObject({ name: 'tcache Renamed', teamNumber: 9 });

    expect((await bidAs(a, outsider, 0)).status).toBe(200);
    const amount = next;
    const placed = nextEvent(
      watcher,
      'bidPlaced',
      (payload: { bidAmount?: number }) => payload.bidAmount === amount,
    );
    expect((await bidAs(a, second, 1)).status).toBe(200);
    expect(bidPlacedSchema.parse(await placed).bidderName).toBe('tcache Renamed');
  });
});

describe('a subscriber that lost its connection', () => {
  it('forgets every entry once it is subscribed again, so a change it missed is seen', async () => {
    const latecomer = await a.registerUser('tcache_latecomer');
    const refused = await bidAs(a, latecomer, 1);
    expect(refused.status).toBe(403);
    // A change no instance announced stands for one whose message was missed: A keeps what it read.
    await poolOf(a).query('UPDATE teams SET owner_user_id = $1 WHERE id = $2', [
      latecomer.user._id,
      league.teams[1]!._id,
    ]);
    expect((await bidAs(a, latecomer, 1)).status).toBe(403);

    const changes = a.app.get(TeamChanges);
    let subscriptions = 0;
    const onSubscribed = changes.onSubscribed.bind(changes);
    changes.onSubscribed = () => {
      subscriptions += 1;
      onSubscribed();
    };
    const redis = new Redis(a.config.redisUrl, { maxRetriesPerRequest: 1 });
    try {
      const list = (await redis.call('CLIENT', 'LIST', 'TYPE', 'pubsub')) as string;
      const ids = list
        .split('\n')
        .filter((line) => line.includes(` name=${a.redisNamespace}teams:changes `))
        .map((line) => /(?:^| )id=(\d+)/.exec(line)![1]!);
      // A's subscriber and B's (same database, same channel).
      expect(ids).toHaveLength(2);
      for (const id of ids) await redis.call('CLIENT', 'KILL', 'ID', id);
    } finally {
      redis.disconnect();
    }

    await eventually(
      async () => subscriptions,
      (count) => count > 0,
    );
    expect(changes.listening).toBe(true);
    // Team 2 leads since the rename: the outsider takes the lead, so the latecomer's bid for team 2 is a valid one.
    expect((await bidAs(a, outsider, 0)).status).toBe(200);
    expect((await bidAs(a, latecomer, 1)).status).toBe(200);
  });
});
