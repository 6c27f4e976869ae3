import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IDEMPOTENCY_KEY_MESSAGE, type AuctionData } from '@auction/contracts';
import { draftStreamId } from '@auction/domain';
import { PostgresEventStore } from '@auction/event-store';
import type { Socket } from 'socket.io-client';
import { ApiMetrics } from '../../infrastructure/metrics/api-metrics.js';
import {
  CommandPruner,
  IDEMPOTENCY_KEY_RETENTION_MS,
} from '../../infrastructure/event-sourcing/command-pruner.js';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { joinedDraftRoom, nextEvent } from '../../test-support/socket-client.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { auctionOf, createLeague, nominate, type League } from './__tests__/auction-test-kit.js';
import { DraftTimersSweeper } from './timers/draft-timers.sweeper.js';

// ADR 0020: idempotency keys from clients only, pruned; the bid path's round trips.
const GIBBS = '9221';

let t: TestApp;
let other: TestApp;
let league: League;
let auctionId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  // Counted round trips are the pool's: the ops figures push would add its own every few seconds.
  t = await startTestApp({ env: { OPS_FIGURES_PUSH_MS: '0' } });
  other = await startTestApp({ shareDatabaseWith: t });
  league = await createLeague(t, { prefix: 'lean', settings: { budgetPerTeam: 500 } });
  expect(
    (await nominate(t, league.users[0]!.token, { draftId: league.draftId, playerId: GIBBS })).status,
  ).toBe(201);
  auctionId = (await auctionOf(t, league.users[0]!.token, league.draftId)).auction!._id;
}, 60_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await other?.close();
  await t?.close();
});

const pool = () => poolOf(t);
/** Team i bids (user i owns team i), on `app` (default: the first instance). */
const restBid = (i: number, amount: number, headers: Record<string, string> = {}, app: TestApp = t) =>
  app.request<AuctionData>('POST', `/api/auctions/${auctionId}/bid`, {
    token: league.users[i]!.token,
    body: { bidAmount: amount, teamId: league.teams[i]!._id },
    headers,
  });
const count = async (sql: string, params: unknown[] = []) =>
  (await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) q`, params)).rows[0]!.n;
const bidsOf = (amount: number) =>
  count(`SELECT 1 FROM es_events WHERE type = 'BidPlaced' AND (data->>'amount')::int = $1`, [amount]);
const commandRows = () => count('SELECT 1 FROM es_commands');

async function openAs(user: TestUser, app: TestApp = t): Promise<Socket> {
  const { socket } = await joinedDraftRoom(app.baseUrl, user.token, league.draftId);
  sockets.push(socket);
  return socket;
}

describe('idempotency keys come from clients', () => {
  it('writes no es_commands row for a command without a key', async () => {
    const before = await commandRows();
    expect((await restBid(1, 2)).status).toBe(200);
    expect(await commandRows()).toBe(before);
  });

  it('replays a REST bid with the same Idempotency-Key: the same answer, one event, one row', async () => {
    const headers = { 'Idempotency-Key': 'bid-3-by-team-1' };
    const first = await restBid(0, 3, headers);
    const again = await restBid(0, 3, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.data.auction).toEqual({
      ...first.body.data.auction,
      timeLeft: again.body.data.auction.timeLeft,
      timeLeftMs: again.body.data.auction.timeLeftMs,
      serverTime: again.body.data.auction.serverTime,
    });
    expect(await bidsOf(3)).toBe(1);
    const rows = await pool().query<{ command_id: string }>('SELECT command_id FROM es_commands');
    expect(rows.rows.map((row) => row.command_id)).toEqual([
      `draft-${league.draftId}:${league.users[0]!.user._id}:PlaceBid:bid-3-by-team-1`,
    ]);
  });

  it("scopes a key to its user: another user's same key is a new command", async () => {
    expect((await restBid(1, 4, { 'Idempotency-Key': 'bid-3-by-team-1' })).status).toBe(200);
    expect(await bidsOf(4)).toBe(1);
  });

  it('refuses a key that is empty, too long or not printable with 400, appending nothing', async () => {
    for (const key of ['x'.repeat(201), 'tab\there', '']) {
      const answer = await restBid(0, 5, { 'Idempotency-Key': key });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, message: IDEMPOTENCY_KEY_MESSAGE });
    }
    expect(await bidsOf(5)).toBe(0);
  });

  it('replays a socket bid with the same commandId once, and refuses a bad one', async () => {
    const socket = await openAs(league.users[0]!);
    const bid = { draftId: league.draftId, playerId: GIBBS, bidAmount: 5, teamId: league.teams[0]!._id };
    const first = await socket
      .timeout(5_000)
      .emitWithAck('bidOnPlayer', { ...bid, commandId: 'socket-bid-5' });
    const again = await socket
      .timeout(5_000)
      .emitWithAck('bidOnPlayer', { ...bid, commandId: 'socket-bid-5' });
    expect(first).toEqual({
      accepted: true,
      auctionId,
      bidAmount: 5,
      currentBid: 5,
      currentBidder: expect.objectContaining({ _id: league.teams[0]!._id }),
    });
    expect(again).toEqual(first);
    expect(await bidsOf(5)).toBe(1);
    const refused = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('bidOnPlayer', { ...bid, bidAmount: 7, commandId: 'x'.repeat(201) });
    expect((await refused).message).toBe(IDEMPOTENCY_KEY_MESSAGE);
    expect(await bidsOf(7)).toBe(0);
  });
});

describe('a retry answers the first outcome', () => {
  /** The team that is not the high bidder bids next: [its index, the other's]. */
  const turn = async (): Promise<[number, number]> => {
    const { auction } = await auctionOf(t, league.users[0]!.token, league.draftId);
    return auction!.currentBidder?._id === league.teams[0]!._id ? [1, 0] : [0, 1];
  };
  const current = async () =>
    (await auctionOf(t, league.users[0]!.token, league.draftId)).auction!.currentBid;

  it('REST: the first bid is described, not the retry, after the auction moved on', async () => {
    const [mine, rival] = await turn();
    const first = (await current()) + 1;
    const headers = { 'Idempotency-Key': 'retried-after-outbid' };
    expect((await restBid(mine, first, headers)).body.message).toBe(`Bid placed: $${first}`);
    expect((await restBid(rival, first + 1)).status).toBe(200);
    const retry = await restBid(mine, first + 50, headers);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe(`Bid placed: $${first}`);
    expect(retry.body.data.auction.currentBid).toBe(first + 1);
    expect(await bidsOf(first + 50)).toBe(0);
  });

  it('socket: the acknowledgement carries the first amount', async () => {
    const [mine, rival] = await turn();
    const socket = await openAs(league.users[mine]!);
    const first = (await current()) + 1;
    const bid = (amount: number) =>
      socket.timeout(5_000).emitWithAck('bidOnPlayer', {
        draftId: league.draftId,
        playerId: GIBBS,
        bidAmount: amount,
        teamId: league.teams[mine]!._id,
        commandId: 'socket-retried-after-outbid',
      });
    expect(await bid(first)).toMatchObject({
      accepted: true,
      auctionId,
      bidAmount: first,
      currentBid: first,
    });
    expect((await restBid(rival, first + 1)).status).toBe(200);
    // The lead is the auction's now, as in the REST retry's answer: the rival's.
    expect(await bid(first + 60)).toEqual({
      accepted: true,
      auctionId,
      bidAmount: first,
      currentBid: first + 1,
      currentBidder: expect.objectContaining({ _id: league.teams[rival]!._id }),
    });
    expect(await bidsOf(first + 60)).toBe(0);
  });

  it('a key first used for another kind of command is another request: the bid is placed, once', async () => {
    const [mine, rival] = await turn();
    const headers = { 'Idempotency-Key': 'first-a-maximum-bid' };
    const token = league.users[mine]!.token;
    const teamId = league.teams[mine]!._id;
    const maxBid = (await current()) + 1;
    const set = await t.request('PUT', `/api/auctions/${auctionId}/proxy`, {
      token,
      body: { teamId, maxBid },
      headers,
    });
    expect(set.status).toBe(200);
    await t.request('DELETE', `/api/auctions/${auctionId}/proxy?teamId=${teamId}`, { token });
    // The maximum may have bid for the team already: the rival takes the lead, so the team can bid again.
    const [next] = await turn();
    if (next !== mine) expect((await restBid(rival, (await current()) + 1)).status).toBe(200);
    const amount = (await current()) + 1;
    const bid = await restBid(mine, amount, headers);
    expect([bid.status, bid.body.message]).toEqual([200, `Bid placed: $${amount}`]);
    const again = await restBid(mine, amount, headers);
    expect([again.status, again.body.message]).toEqual([200, `Bid placed: $${amount}`]);
    expect(await bidsOf(amount)).toBe(1);
  });
});

describe('pruning es_commands', () => {
  it('deletes rows older than the retention, keeps newer ones, and one process prunes at a time', async () => {
    const old = new Date(Date.now() - IDEMPOTENCY_KEY_RETENTION_MS - 60_000);
    await pool().query(
      `INSERT INTO es_commands (command_id, stream_id, recorded_at) VALUES ('old-1', 's', $1), ('old-2', 's', $1)`,
      [old],
    );
    const kept = await commandRows();
    const pruner = t.app.get(CommandPruner);
    const holder = await pool().connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('auction.es-commands.prune'))`);
      expect(await pruner.prune()).toBeNull();
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
    expect(await pruner.prune()).toBe(2);
    expect(await commandRows()).toBe(kept - 2);
    expect(await count(`SELECT 1 FROM es_commands WHERE command_id LIKE 'old-%'`)).toBe(0);
  });
});

describe('round trips per bid', () => {
  const currentBid = async () =>
    (await auctionOf(t, league.users[0]!.token, league.draftId)).auction!.currentBid;
  const socketBid = (socket: Socket, i: number, amount: number) =>
    socket.timeout(5_000).emitWithAck('bidOnPlayer', {
      draftId: league.draftId,
      playerId: GIBBS,
      bidAmount: amount,
      teamId: league.teams[i]!._id,
    });
  const verify = async () => {
    const store = t.app.get(PostgresEventStore);
    const result = await store.verifyStream(draftStreamId(league.draftId));
    expect(result).toMatchObject({ ok: true });
    const { rows } = await pool().query<{ version: number; events: number; last: number }>(
      `SELECT s.version, count(e.*)::int AS events, max(e.stream_version) AS last
       FROM es_streams s JOIN es_events e USING (stream_id) WHERE s.stream_id = $1 GROUP BY s.version`,
      [draftStreamId(league.draftId)],
    );
    expect(rows[0]!.events).toBe(rows[0]!.version);
    expect(rows[0]!.last).toBe(rows[0]!.version);
  };

  it('a bid without a key, on a warm stream, is one statement', async () => {
    const sockets = [await openAs(league.users[0]!), await openAs(league.users[1]!)];
    let amount = (await currentBid()) + 1;
    // Warm: the stream's version and head hash, the bidders' teams, the team names, the latest bids.
    const leader = (await auctionOf(t, league.users[0]!.token, league.draftId)).auction!.currentBidder._id;
    let bidder = leader === league.teams[0]!._id ? 1 : 0;
    for (let i = 0; i < 2; i += 1, amount += 1, bidder = 1 - bidder)
      expect(await socketBid(sockets[bidder]!, bidder, amount)).toMatchObject({ accepted: true });
    const metrics = t.app.get(ApiMetrics);
    // The timer sweep's four statements a second share the pool's counter: paused while the bid is counted.
    const sweeper = t.app.get(DraftTimersSweeper);
    await sweeper.onModuleDestroy();
    try {
      const before = await metrics.statementCount();
      expect(await socketBid(sockets[bidder]!, bidder, amount)).toMatchObject({ accepted: true });
      expect((await metrics.statementCount()) - before).toBe(1);
    } finally {
      sweeper.onApplicationBootstrap();
    }
    expect(await bidsOf(amount)).toBe(1);
    const row = await pool().query<{ bid_count: number; version: number }>(
      `SELECT a.bid_count, d.version FROM auctions a JOIN drafts d ON d.id = a.draft_id WHERE a.id = $1`,
      [auctionId],
    );
    const { rows } = await pool().query<{ n: number; version: number }>(
      `SELECT count(*) FILTER (WHERE type IN ('PlayerNominated', 'BidPlaced') AND data->>'auctionId' = $2)::int AS n,
              max(stream_version) AS version
       FROM es_events WHERE stream_id = $1`,
      [draftStreamId(league.draftId), auctionId],
    );
    expect(row.rows[0]).toEqual({ bid_count: rows[0]!.n, version: rows[0]!.version });
    await verify();
  });

  it('a bid with a key (as the web client sends) is one statement too, and records the key with its events', async () => {
    const socket0 = await openAs(league.users[0]!);
    const socket1 = await openAs(league.users[1]!);
    const sockets = [socket0, socket1];
    let amount = (await currentBid()) + 1;
    const leader = (await auctionOf(t, league.users[0]!.token, league.draftId)).auction!.currentBidder._id;
    let bidder = leader === league.teams[0]!._id ? 1 : 0;
    const keyed = (i: number, value: number, key: string) =>
      sockets[i]!.timeout(5_000).emitWithAck('bidOnPlayer', {
        draftId: league.draftId,
        playerId: GIBBS,
        bidAmount: value,
        teamId: league.teams[i]!._id,
        commandId: key,
      });
    // Warm, as above.
    for (let i = 0; i < 2; i += 1, amount += 1, bidder = 1 - bidder)
      expect(await keyed(bidder, amount, `warm-${amount}`)).toMatchObject({ accepted: true });
    const metrics = t.app.get(ApiMetrics);
    const sweeper = t.app.get(DraftTimersSweeper);
    await sweeper.onModuleDestroy();
    const key = `one-statement-${amount}`;
    try {
      const before = await metrics.statementCount();
      expect(await keyed(bidder, amount, key)).toMatchObject({ accepted: true, bidAmount: amount });
      expect((await metrics.statementCount()) - before).toBe(1);
    } finally {
      sweeper.onApplicationBootstrap();
    }
    const commandId = `${draftStreamId(league.draftId)}:${league.users[bidder]!.user._id}:PlaceBid:${key}`;
    const { rows } = await pool().query<{ first: string; last: string; position: string }>(
      `SELECT c.first_position AS first, c.last_position AS last, e.global_position AS position
       FROM es_commands c JOIN es_events e ON e.metadata->>'commandId' = c.command_id WHERE c.command_id = $1`,
      [commandId],
    );
    expect(rows).toEqual([
      { first: rows[0]!.position, last: rows[0]!.position, position: expect.any(String) },
    ]);

    // The retry, on this instance and on the other: the first outcome, nothing appended.
    expect(await keyed(bidder, amount + 40, key)).toMatchObject({ accepted: true, bidAmount: amount });
    const elsewhere = await openAs(league.users[bidder]!, other);
    await expect(
      elsewhere.timeout(5_000).emitWithAck('bidOnPlayer', {
        draftId: league.draftId,
        playerId: GIBBS,
        bidAmount: amount + 41,
        teamId: league.teams[bidder]!._id,
        commandId: key,
      }),
    ).resolves.toMatchObject({ accepted: true, bidAmount: amount });
    expect(await bidsOf(amount)).toBe(1);
    expect(await bidsOf(amount + 40)).toBe(0);
    expect(await bidsOf(amount + 41)).toBe(0);

    // Straight at the store: a recorded id is not appended again, even with the stream's true version and head.
    const store = t.app.get(PostgresEventStore);
    const streamId = draftStreamId(league.draftId);
    const head = await pool().query<{ version: number; last_hash: string }>(
      'SELECT version, last_hash FROM es_streams WHERE stream_id = $1',
      [streamId],
    );
    expect(
      await store.appendInOneStatement(streamId, [{ type: 'BidPlaced', data: { auctionId } }], {
        expectedVersion: head.rows[0]!.version,
        previousHash: head.rows[0]!.last_hash,
        commandId,
      }),
    ).toBeNull();
    expect(await store.streamVersion(streamId)).toBe(head.rows[0]!.version);
    await verify();
  });

  it('writes nothing when the cached head is stale, and the bid takes the transaction path', async () => {
    const store = t.app.get(PostgresEventStore);
    const streamId = draftStreamId(league.draftId);
    const version = await store.streamVersion(streamId);
    const event = { type: 'BidPlaced', data: { auctionId } };
    expect(
      await store.appendInOneStatement(streamId, [event], {
        expectedVersion: version,
        previousHash: 'stale',
      }),
    ).toBeNull();
    expect(
      await store.appendInOneStatement(streamId, [event], {
        expectedVersion: version - 1,
        previousHash: null,
      }),
    ).toBeNull();
    expect(await store.streamVersion(streamId)).toBe(version);
    // The other instance bids: this instance's cached version and hash are now stale.
    const amount = (await currentBid()) + 1;
    const leader = (await auctionOf(t, league.users[0]!.token, league.draftId)).auction!.currentBidder._id;
    const bidder = leader === league.teams[0]!._id ? 1 : 0;
    expect((await restBid(bidder, amount, {}, other)).status).toBe(200);
    expect((await restBid(1 - bidder, amount + 1)).status).toBe(200);
    expect(await bidsOf(amount + 1)).toBe(1);
    await verify();
  });

  it('keeps the chain valid when two instances race bids', async () => {
    const start = await currentBid();
    for (let round = 1; round <= 15; round += 1) {
      const amount = start + round;
      // Both teams, on both instances, bid the same amount at once: at most one bid of each amount is accepted.
      const answers = await Promise.all(
        [t, other].flatMap((app) => [0, 1].map((i) => restBid(i, amount, {}, app))),
      );
      expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
      expect(await bidsOf(amount)).toBeLessThanOrEqual(1);
    }
    expect(await currentBid()).toBeGreaterThan(start);
    await verify();
  }, 60_000);
});
