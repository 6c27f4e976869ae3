import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  auditEventsDataSchema,
  bidPlacedSchema,
  proxyBidDataSchema,
  type AuditEventsData,
  type BidPlacedPayload,
  type ProxyBidData,
} from '@auction/contracts';
import { eventHash, PostgresEventStore } from '@auction/event-store';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { joinedDraftRoom } from '../../test-support/socket-client.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { auctionOf, bid, createLeague, nominate, type League } from './__tests__/auction-test-kit.js';

// Proxy (maximum) bids, ADR 0017: 12 clients race manual bids against two maxima over REST, with every team's
// socket in the room. Long clocks: the auction must stay open for the whole test.
const GIBBS = '9221';
const TEAMS = 12;
const RESET_MS = 60_000;

let t: TestApp;
let league: League;
const sockets: Socket[] = [];
/** Every socket event each team's socket received, by team index. */
const received: { event: string; payload: unknown }[][] = [];
let auctionId = '';
/** How many manual bids each team's user had accepted over REST. */
const acceptedBy = new Array<number>(TEAMS).fill(0);

async function openAs(user: TestUser): Promise<Socket> {
  const { socket } = await joinedDraftRoom(t.baseUrl, user.token, league.draftId);
  sockets.push(socket);
  return socket;
}

const user = (i: number) => league.users[i]!;
const team = (i: number) => league.teams[i]!;

function putProxy(i: number, maxBid: number, teamId = team(i)._id) {
  return t.request<ProxyBidData>('PUT', `/api/auctions/${auctionId}/proxy`, {
    token: user(i).token,
    body: { teamId, maxBid },
  });
}

type LoggedBid = { teamId: string; amount: number; at: string; deadline: string; proxy?: boolean };

/** The draft's BidPlaced events in stream order, straight from the log. */
async function loggedBids(): Promise<LoggedBid[]> {
  const { rows } = await poolOf(t).query<{ data: LoggedBid }>(
    `SELECT data FROM es_events WHERE stream_id = $1 AND type = 'BidPlaced' ORDER BY stream_version`,
    [`draft-${league.draftId}`],
  );
  return rows.map((row) => row.data);
}

beforeAll(async () => {
  t = await startTestApp();
  league = await createLeague(t, {
    prefix: 'proxy',
    teams: TEAMS,
    settings: { playersPerTeam: 2, budgetPerTeam: 100, auctionTimeLimit: 120, bidTimeReset: RESET_MS / 1000 },
  });
  for (let i = 0; i < TEAMS; i += 1) {
    const socket = await openAs(user(i));
    const seen: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
    received.push(seen);
  }
  const opened = await nominate(t, user(0).token, {
    draftId: league.draftId,
    playerId: GIBBS,
    openingBid: 1,
  });
  expect(opened.status).toBe(201);
  auctionId = opened.body.data.auction!._id;
}, 90_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
});

describe('PUT /auctions/{id}/proxy', () => {
  it('refuses what a bid would be refused, with the same messages, and bad input with a 4xx', async () => {
    const over = await putProxy(1, 100);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ success: false, message: 'Bid exceeds your max bid of $99' });
    expect((await putProxy(1, 1)).body.message).toBe('Bid must be at least $2');
    expect((await putProxy(1, 20, team(2)._id)).status).toBe(403);
    expect((await putProxy(1, 2.5)).status).toBe(400);
    const noBody = await t.request('PUT', `/api/auctions/${auctionId}/proxy`, {
      token: user(1).token,
      body: {},
    });
    expect([noBody.status, noBody.body.message]).toEqual([400, 'Team is required']);
    const unknown = await t.request('PUT', `/api/auctions/00000000-0000-4000-8000-000000000000/proxy`, {
      token: user(1).token,
      body: { teamId: team(1)._id, maxBid: 10 },
    });
    expect(unknown.status).toBe(404);
    expect(await loggedBids()).toHaveLength(0);
  });

  it('bids at once for a maximum; of two maxima the higher wins at the other maximum + $1', async () => {
    // The high bidder's maximum is beaten outright: the new one bids its maximum + $1 (ADR 0017).
    const first = await putProxy(1, 40);
    expect(first.status).toBe(200);
    const data = proxyBidDataSchema.parse(first.body.data);
    expect(data).toMatchObject({ teamId: team(1)._id, maxBid: 40, auction: { currentBid: 2 } });
    expect(data.auction!.currentBidder._id).toBe(team(1)._id);

    const second = await putProxy(2, 55);
    expect(second.body.data).toMatchObject({ maxBid: 55, auction: { currentBid: 41 } });
    expect(second.body.data.auction!.currentBidder._id).toBe(team(2)._id);
    expect(
      (await loggedBids()).map(({ teamId, amount, proxy }) => ({ teamId, amount, proxy })),
    ).toStrictEqual([
      { teamId: team(1)._id, amount: 2, proxy: true },
      { teamId: team(2)._id, amount: 41, proxy: true },
    ]);
  });

  it('shows a maximum to its owner and admins only', async () => {
    const own = await t.request<ProxyBidData>('GET', `/api/auctions/${auctionId}/proxy`, {
      token: user(2).token,
    });
    expect(own.body.data).toMatchObject({ teamId: team(2)._id, maxBid: 55 });
    const asAdmin = await t.request<ProxyBidData>(
      'GET',
      `/api/auctions/${auctionId}/proxy?teamId=${team(2)._id}`,
      {
        token: league.admin.token,
      },
    );
    expect(asAdmin.body.data.maxBid).toBe(55);
    const rival = await t.request('GET', `/api/auctions/${auctionId}/proxy?teamId=${team(2)._id}`, {
      token: user(3).token,
    });
    expect(rival.status).toBe(403);
    expect(JSON.stringify(await auctionOf(t, user(3).token, league.draftId))).not.toContain('maxBid');
    // A team that is not in the draft has no maximum here: read as set.
    const stranger = '7f1c1a52-3b6e-4a59-9a4e-1d2f3c4b5a69';
    const read = await t.request('GET', `/api/auctions/${auctionId}/proxy?teamId=${stranger}`, {
      token: league.admin.token,
    });
    const set = await t.request('PUT', `/api/auctions/${auctionId}/proxy`, {
      token: league.admin.token,
      body: { teamId: stranger, maxBid: 99 },
    });
    expect([read.status, read.body.message]).toEqual([400, 'Team is not in this draft']);
    expect([set.status, set.body.message]).toEqual([read.status, read.body.message]);
  });
});

describe('12 clients racing manual bids against two maxima', () => {
  it('up to the higher maximum: it leads at that maximum, every bid answered at once', async () => {
    const before = (await loggedBids()).length;
    const amounts = [42, 46, 50, 53, 55];
    const responses = await Promise.all(
      league.users.flatMap((u, i) =>
        amounts.map(async (amount) => ({
          i,
          amount,
          response: await bid(t, u.token, auctionId, { bidAmount: amount, teamId: team(i)._id }),
        })),
      ),
    );
    for (const { response } of responses) expect([200, 409]).toContain(response.status);
    const accepted = responses.filter(({ response }) => response.status === 200);
    for (const { i } of accepted) acceptedBy[i]! += 1;
    expect(accepted.length).toBeGreaterThan(0);
    // Each accepted bid was answered in the same command: its own answer already shows it outbid.
    for (const { response } of accepted) {
      expect(response.body.message).toMatch(/outbid at once by a maximum bid/);
      expect(
        (response.body.data as { auction: { currentBidder: { _id: string } } }).auction.currentBidder._id,
      ).toBe(team(2)._id);
    }
    const { auction } = await auctionOf(t, user(5).token, league.draftId);
    expect(auction!.currentBidder._id).toBe(team(2)._id);
    expect(auction!.currentBid).toBe(55);

    const bids = (await loggedBids()).slice(before);
    expect(bids.filter((b) => b.proxy !== true)).toHaveLength(accepted.length);
    expect(bids.filter((b) => b.proxy === true).every((b) => b.teamId === team(2)._id)).toBe(true);
  });

  it('above both maxima: the highest manual bid leads at its amount and no maximum answers', async () => {
    const before = (await loggedBids()).length;
    const amounts = [56, 58, 60, 63];
    const responses = await Promise.all(
      league.users.flatMap((u, i) =>
        amounts.map(async (amount) => ({
          i,
          amount,
          response: await bid(t, u.token, auctionId, { bidAmount: amount, teamId: team(i)._id }),
        })),
      ),
    );
    for (const { i, response } of responses) if (response.status === 200) acceptedBy[i]! += 1;
    const winners = responses.filter(({ amount, response }) => amount === 63 && response.status === 200);
    expect(winners).toHaveLength(1);
    const { auction } = await auctionOf(t, user(5).token, league.draftId);
    expect(auction!).toMatchObject({ currentBid: 63, currentBidder: { _id: team(winners[0]!.i)._id } });
    expect((await loggedBids()).slice(before).some((b) => b.proxy === true)).toBe(false);
  });

  it('one leader, every bid above the last (or meeting it for the earlier maximum), the clock reset on each', async () => {
    const bids = await loggedBids();
    const { rows } = await poolOf(t).query<{ data: { deadline: string } }>(
      `SELECT data FROM es_events WHERE stream_id = $1 AND type = 'PlayerNominated'`,
      [`draft-${league.draftId}`],
    );
    let deadline = Date.parse(rows[0]!.data.deadline);
    let previous: LoggedBid | null = null;
    for (const b of bids) {
      if (previous) {
        expect(b.teamId).not.toBe(previous.teamId);
        expect(b.amount > previous.amount || (b.proxy === true && b.amount === previous.amount)).toBe(true);
      }
      deadline = Math.max(deadline, Date.parse(b.at) + RESET_MS);
      expect(Date.parse(b.deadline)).toBe(deadline);
      previous = b;
    }
    const { auction } = await auctionOf(t, user(0).token, league.draftId);
    expect(Date.parse(auction!.deadline!)).toBe(deadline);
    expect(auction!.currentBidder._id).toBe(previous!.teamId);
  });

  it('sent proxy bids as ordinary bidPlaced events and never a maximum to anyone', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const bidEvents = received[5]!.filter(({ event }) => event === 'bidPlaced').map(({ payload }) => payload);
    const parsed = bidEvents.map((payload) => bidPlacedSchema.parse(payload) as BidPlacedPayload);
    expect(parsed.length).toBe((await loggedBids()).length);
    expect(parsed.some((payload) => payload.proxy)).toBe(true);
    for (const seen of received) expect(JSON.stringify(seen)).not.toContain('maxBid');
    // playerBid confirms one's own manual bids only, never the proxy bid that answered one.
    const confirmations = received.map((seen) => seen.filter(({ event }) => event === 'playerBid').length);
    expect(confirmations).toStrictEqual(acceptedBy);
  });
});

describe('the audit', () => {
  async function proxyEvents(token: string) {
    const response = await t.request<AuditEventsData>(
      'GET',
      `/api/drafts/${league.draftId}/events?limit=500`,
      {
        token,
      },
    );
    expect(response.status).toBe(200);
    return auditEventsDataSchema
      .parse(response.body.data)
      .events.filter((event) => event.type === 'ProxyBidSet')
      .map((event) => ({ teamId: event.data['teamId'], maxBid: event.data['maxBid'] }));
  }

  it("shows admins every maximum, an owner its own team's only", async () => {
    expect(await proxyEvents(league.admin.token)).toStrictEqual([
      { teamId: team(1)._id, maxBid: 40 },
      { teamId: team(2)._id, maxBid: 55 },
    ]);
    expect(await proxyEvents(user(1).token)).toStrictEqual([
      { teamId: team(1)._id, maxBid: 40 },
      { teamId: team(2)._id, maxBid: null },
    ]);
    expect(await proxyEvents(user(7).token)).toStrictEqual([
      { teamId: team(1)._id, maxBid: null },
      { teamId: team(2)._id, maxBid: null },
    ]);
  });
});

describe('DELETE /auctions/{id}/proxy', () => {
  it("removes the user's own maximum; the bids it placed stand", async () => {
    const removed = await t.request<ProxyBidData>('DELETE', `/api/auctions/${auctionId}/proxy`, {
      token: user(2).token,
    });
    expect([removed.status, removed.body.message]).toEqual([200, 'Maximum bid removed']);
    expect(removed.body.data).toMatchObject({ teamId: team(2)._id, maxBid: null });
    // Idempotent, and says there was nothing to remove rather than claiming a removal.
    const again = await t.request<ProxyBidData>('DELETE', `/api/auctions/${auctionId}/proxy`, {
      token: user(2).token,
    });
    expect([again.status, again.body.message]).toEqual([200, 'No maximum bid was set']);
    expect(again.body.data).toMatchObject({ teamId: team(2)._id, maxBid: null });
    const asAdmin = await t.request('DELETE', `/api/auctions/${auctionId}/proxy`, {
      token: league.admin.token,
    });
    expect(asAdmin.status).toBe(400);
  });
});

describe('the maximum of a deleted draft', () => {
  it('is not found, for its owner and for admins, as setting one is not', async () => {
    const gone = await createLeague(t, { prefix: 'pxgone', teams: 2 });
    const opened = await nominate(t, gone.users[0]!.token, { draftId: gone.draftId, playerId: '4866' });
    expect(opened.status).toBe(201);
    const goneAuction = opened.body.data.auction!._id;
    // Read while the draft exists: the auction's draft is known (cached) when it is deleted.
    const before = await t.request('GET', `/api/auctions/${goneAuction}/proxy?teamId=${gone.teams[1]!._id}`, {
      token: gone.admin.token,
    });
    expect(before.status).toBe(200);
    const deleted = await t.request('DELETE', `/api/drafts/${gone.draftId}`, { token: gone.admin.token });
    expect(deleted.status).toBe(200);
    const answers = await Promise.all([
      t.request('GET', `/api/auctions/${goneAuction}/proxy`, { token: gone.users[1]!.token }),
      t.request('GET', `/api/auctions/${goneAuction}/proxy?teamId=${gone.teams[1]!._id}`, {
        token: gone.admin.token,
      }),
      t.request('PUT', `/api/auctions/${goneAuction}/proxy`, {
        token: gone.admin.token,
        body: { teamId: gone.teams[1]!._id, maxBid: 5 },
      }),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.success, answer.body.data])).toEqual([
      [404, false, null],
      [404, false, null],
      [404, false, null],
    ]);
  });
});

type AuditEvent = AuditEventsData['events'][number];

/**
 * A rival's brute force of a hidden maximum: every amount up to 100 with every command stamp up to 2 s before the
 * event was recorded (all the hash covers that the rival cannot read). The amount whose hash matches, or null.
 * It yields between stamps: the API runs in this process, and a loop holding the thread for seconds lets the server's
 * keep-alive timer and the next request's reuse of that connection fire together (a reset, not a finding).
 */
async function guessMaximum(
  streamId: string,
  previous: AuditEvent,
  hidden: AuditEvent,
): Promise<number | null> {
  if (hidden.hash === null) return null;
  const recordedAt = Date.parse(hidden.recordedAt);
  for (let earlier = 0; earlier <= 2_000; earlier += 1) {
    await new Promise((resolve) => setImmediate(resolve));
    const metadata = {
      actorId: hidden.actor!.id,
      actorUsername: hidden.actor!.username,
      commandId: hidden.commandId,
      correlationId: hidden.commandId,
      occurredAt: new Date(recordedAt - earlier).toISOString(),
    };
    for (let guess = 1; guess <= 100; guess += 1) {
      const content = {
        streamId,
        streamVersion: hidden.streamVersion,
        type: hidden.type,
        data: { ...hidden.data, maxBid: guess },
        metadata,
      };
      if (eventHash(content, previous.hash!) === hidden.hash) return guess;
    }
  }
  return null;
}

describe("a rival's maximum in the audit", () => {
  it('cannot be recovered from the hash chain, even when the maximum was set with an Idempotency-Key', async () => {
    const secret = await createLeague(t, { prefix: 'pxhash', teams: 2, settings: { budgetPerTeam: 100 } });
    const [rival, owner] = [secret.users[0]!, secret.users[1]!];
    const opened = await nominate(t, rival.token, { draftId: secret.draftId, playerId: '4866' });
    expect(opened.status).toBe(201);
    const maxBid = 37;
    const set = await t.request<ProxyBidData>('PUT', `/api/auctions/${opened.body.data.auction!._id}/proxy`, {
      token: owner.token,
      headers: { 'Idempotency-Key': 'set-my-maximum' },
      body: { teamId: secret.teams[1]!._id, maxBid },
    });
    expect(set.status).toBe(200);
    const read = await t.request<AuditEventsData>('GET', `/api/drafts/${secret.draftId}/events?limit=500`, {
      token: rival.token,
    });
    const { events } = auditEventsDataSchema.parse(read.body.data);
    const index = events.findIndex((event) => event.type === 'ProxyBidSet');
    const [previous, hidden] = [events[index - 1]!, events[index]!];
    expect(hidden.data['maxBid']).toBeNull();

    // What the rival sees is all the hash covers but the amount and when the API stamped the command: a guess of both
    // (the stamp is a few milliseconds before the event's recordedAt) that gives the shown hash is the maximum.
    const recovered = await guessMaximum(`draft-${secret.draftId}`, previous, hidden);
    expect(recovered).toBeNull();
    // The chain still holds, and admins still read the maximum.
    const verify = await t.request<{ ok: boolean }>('GET', `/api/drafts/${secret.draftId}/verify`, {
      token: rival.token,
    });
    expect(verify.body.data.ok).toBe(true);
    const asAdmin = await t.request<AuditEventsData>(
      'GET',
      `/api/drafts/${secret.draftId}/events?limit=500`,
      {
        token: secret.admin.token,
      },
    );
    const adminView = auditEventsDataSchema.parse(asAdmin.body.data).events[index]!;
    expect(adminView.data['maxBid']).toBe(maxBid);
  }, 60_000);

  it('cannot be recovered from a maximum an older version wrote without a salt, nor from the events after it', async () => {
    const old = await createLeague(t, { prefix: 'pxold', teams: 2, settings: { budgetPerTeam: 100 } });
    const [owner, rival] = [old.users[0]!, old.users[1]!];
    // The owner nominates, so holds the high bid: a maximum set then places no bid of its own.
    const opened = await nominate(t, owner.token, { draftId: old.draftId, playerId: '4866' });
    expect(opened.status).toBe(201);
    const auctionId = opened.body.data.auction!._id;
    // The maximum as a version before the salt wrote it: same data but the salt, same metadata, sent with a key.
    const streamId = `draft-${old.draftId}`;
    const store = new PostgresEventStore(poolOf(t));
    const commandId = `${streamId}:${owner.user._id}:SetProxyBid:set-my-maximum`;
    const maxBid = 37;
    await store.append(
      streamId,
      [
        {
          type: 'ProxyBidSet',
          data: { auctionId, teamId: old.teams[0]!._id, maxBid, at: new Date().toISOString() },
        },
      ],
      {
        expectedVersion: await store.streamVersion(streamId),
        commandId,
        metadata: {
          actorId: owner.user._id,
          actorUsername: owner.user.username,
          correlationId: commandId,
          occurredAt: new Date().toISOString(),
        },
      },
    );
    // The rival bids after it, with a key: an event whose content the rival knows, chained to the maximum's hash.
    const outbid = await t.request('POST', `/api/auctions/${auctionId}/bid`, {
      token: rival.token,
      headers: { 'Idempotency-Key': 'rival-bid' },
      body: { bidAmount: 2, teamId: old.teams[1]!._id },
    });
    expect(outbid.status).toBe(200);

    const read = await t.request<AuditEventsData>('GET', `/api/drafts/${old.draftId}/events?limit=500`, {
      token: rival.token,
    });
    const { events } = auditEventsDataSchema.parse(read.body.data);
    const index = events.findIndex((event) => event.type === 'ProxyBidSet');
    const [previous, hidden] = [events[index - 1]!, events[index]!];
    expect(hidden.data['maxBid']).toBeNull();
    const recovered = await guessMaximum(streamId, previous, hidden);
    expect(recovered).toBeNull();
    // Every later hash chains from the maximum's: none is shown to the rival; the earlier ones, and verify, still are.
    expect(events.slice(index).map((event) => event.hash)).toEqual(events.slice(index).map(() => null));
    expect(events.slice(0, index).every((event) => event.hash !== null)).toBe(true);
    const verify = await t.request<{ ok: boolean }>('GET', `/api/drafts/${old.draftId}/verify`, {
      token: rival.token,
    });
    expect(verify.body.data.ok).toBe(true);
    // The maximum's owner (and admins) read its hash and every later one.
    const asOwner = await t.request<AuditEventsData>('GET', `/api/drafts/${old.draftId}/events?limit=500`, {
      token: owner.token,
    });
    expect(auditEventsDataSchema.parse(asOwner.body.data).events.every((event) => event.hash !== null)).toBe(
      true,
    );
  }, 60_000);
});
