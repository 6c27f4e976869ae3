import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import {
  SOCKET_MESSAGES_IN_FLIGHT_MAX,
  auctionStartedSchema,
  bidPlacedSchema,
  chatMessageEventSchema,
  draftJoinedSchema,
  draftAuctionDataSchema,
  draftDataSchema,
  draftStatusDataSchema,
  pickMadeSchema,
  pickUndoneSchema,
  playerAssignedSchema,
  playerUpdatedSchema,
  type PickData,
} from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../../test-support/socket-client.js';
import { poolOf, UNKNOWN_ID } from '../teams/__tests__/league-test-kit.js';
import {
  auctionOf,
  bid,
  createLeague,
  eventually,
  nominate,
  type League,
} from './__tests__/auction-test-kit.js';
import { PlaceBidCommand } from './commands/place-bid/place-bid.command.js';

const GIBBS = '9221';
const BIJAN = '9509';
const TEAMS = 12;

let t: TestApp;
let league: League;
const sockets: Socket[] = [];

async function openAs(user: TestUser, join = true): Promise<Socket> {
  const socket = await connected(connectSocket(t.baseUrl));
  sockets.push(socket);
  const authenticated = nextEvent(socket, 'authenticated');
  socket.emit('authenticate', user.token);
  await authenticated;
  if (join) {
    const joined = nextEvent(socket, 'draftJoined');
    socket.emit('joinDraft', { draftId: league.draftId });
    await joined;
  }
  return socket;
}

/** Collects every payload of `event` a socket receives from now on. */
function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

const authUser = (user: TestUser) => ({
  id: user.user._id,
  username: user.user.username,
  role: user.user.role,
});

let room: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  league = await createLeague(t, {
    prefix: 'sock',
    teams: TEAMS,
    settings: { playersPerTeam: 2, budgetPerTeam: 50 },
  });
  room = [];
  for (const user of league.users) room.push(await openAs(user));
}, 60_000);

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
});

describe('bad socket input gets error { message } on that socket only', () => {
  it('answers events before authenticate, malformed, oversized and unknown-draft payloads, and stays up', async () => {
    const anonymous = await connected(connectSocket(t.baseUrl));
    sockets.push(anonymous);
    const notAuthenticated = nextEvent(anonymous, 'error');
    anonymous.emit('bidOnPlayer', { draftId: league.draftId, playerId: GIBBS, bidAmount: 3 });
    expect(await notAuthenticated).toEqual({ message: 'Not authenticated' });

    const socket = room[0]!;
    const others = room.slice(1).map((other) => collect(other, 'error'));
    const expectError = async (event: string, payload: unknown, message: string) => {
      const error = nextEvent<{ message: string }>(socket, 'error');
      socket.emit(event, payload);
      expect(await error).toEqual({ message });
    };
    for (const notAnObject of ['garbage', null, 7, ['a']])
      await expectError('bidOnPlayer', notAnObject, 'The request must be a JSON object');
    await expectError('chatMessage', 'hi', 'The request must be a JSON object');
    await expectError(
      'bidOnPlayer',
      { draftId: UNKNOWN_ID, playerId: GIBBS, bidAmount: 3 },
      'Draft not found',
    );
    await expectError(
      'bidOnPlayer',
      { draftId: league.draftId, playerId: GIBBS, bidAmount: 2.5 },
      'Bid amount must be a whole number of dollars',
    );
    await expectError(
      'bidOnPlayer',
      { draftId: league.draftId, playerId: GIBBS, bidAmount: '3' },
      'Bid amount must be a number',
    );
    await expectError(
      'bidOnPlayer',
      { draftId: league.draftId, playerId: GIBBS, bidAmount: -1 },
      'Bid amount must be at least $1',
    );
    await expectError(
      'chatMessage',
      { draftId: league.draftId, message: 'x'.repeat(501) },
      'Message must not exceed 500 characters',
    );
    await expectError('chatMessage', { draftId: league.draftId, message: '   ' }, 'Message cannot be empty');
    await expectError(
      'chatMessage',
      { draftId: league.draftId, message: '\u200b\u200d\u3164' },
      'Message cannot be empty',
    );
    await expectError(
      'chatMessage',
      { draftId: league.draftId, message: 'y'.repeat(20_000) },
      'Message is too large',
    );
    await expectError('joinDraft', { draftId: UNKNOWN_ID }, 'Draft not found');
    await expectError('joinDraft', { draftId: 'nope' }, 'Invalid draft id');
    await expectError('chatMessage', { draftId: UNKNOWN_ID, message: 'hi' }, 'Join the draft first');
    await expectError(
      'bidOnPlayer',
      { draftId: league.draftId, playerId: GIBBS, bidAmount: 3 },
      'No auction is running',
    );
    // Hostile text in a bid (NUL, a lone surrogate, 30 KB: over the payload limit, within a frame — a larger frame ends
    // the connection, socket-frame-size.int): a clear refusal on this socket, never a crash or a 500.
    for (const hostile of [
      { playerId: 'nul\u0000id' },
      { playerId: 'x'.repeat(30_000) },
      { commandId: 'nul\u0000key' },
      { commandId: 'lone\uD800surrogate' },
      { commandId: 'k'.repeat(30_000) },
    ]) {
      const error = nextEvent<{ message: string }>(socket, 'error');
      socket.emit('bidOnPlayer', { draftId: league.draftId, playerId: GIBBS, bidAmount: 3, ...hostile });
      const { message } = await error;
      expect(message).not.toBe('Internal server error');
      expect(message.length).toBeLessThan(200);
    }
    await expectError(
      'bidOnPlayer',
      { draftId: league.draftId, playerId: GIBBS, bidAmount: 3 },
      'No auction is running',
    );
    const chats = await poolOf(t).query('SELECT count(*)::int AS n FROM chat_messages');
    expect(chats.rows[0].n).toBe(0);
    expect(others.flat()).toEqual([]);
  });
});

describe('chat and typing', () => {
  it('stores trimmed messages, sends them to the room, and gives a joiner the history', async () => {
    const [first, second] = room;
    const received = nextEvent(second!, 'chatMessage');
    first!.emit('chatMessage', { draftId: league.draftId, message: '  hello room  ' });
    const message = chatMessageEventSchema.parse(await received);
    expect(message).toMatchObject({
      message: 'hello room',
      position: null,
      user: { username: 'sock_u1', role: 'user' },
    });

    const typing = nextEvent(second!, 'userTyping');
    first!.emit('typing', { draftId: league.draftId, isTyping: true });
    expect(await typing).toMatchObject({ username: 'sock_u1', isTyping: true, draftId: league.draftId });

    // A second tab of a user already in the room: the room is not told again (one userJoined per user and room).
    const announced: unknown[] = [];
    first!.on('userJoined', (payload: unknown) => announced.push(payload));
    const late = await openAs(league.users[2]!, false);
    const joined = nextEvent(late, 'draftJoined');
    late.emit('joinDraft', { draftId: league.draftId });
    const { chatHistory, activeUsers } = draftJoinedSchema.parse(await joined);
    expect(chatHistory.map((entry) => entry.message)).toEqual(['hello room']);
    expect(activeUsers.map((entry) => entry.username)).toContain('sock_u12');
    // The join's announcement, had there been one, reaches `first` before the late tab's typing does.
    const lateTyping = nextEvent(first!, 'userTyping');
    late.emit('typing', { draftId: league.draftId, isTyping: true });
    expect(await lateTyping).toMatchObject({ username: 'sock_u3' });
    expect(announced).toEqual([]);
  });
});

describe('typing floods', () => {
  it('pass on changes only, at most one per 250 ms per socket and room, the latest state last', async () => {
    const [, , , typist, listener] = room;
    const heard = collect<{ username: string; isTyping: boolean }>(listener!, 'userTyping');
    const type = (isTyping: boolean) => typist!.emit('typing', { draftId: league.draftId, isTyping });
    // The earlier test's typists may still be on their way to the listener.
    const typistsSignals = () =>
      heard.filter((event) => event.username === 'sock_u4').map((event) => event.isTyping);
    const settled = async () => {
      // Chat on the same socket is handled after the typing sent before it: once it arrives, they are all judged.
      const chat = nextEvent(listener!, 'chatMessage');
      typist!.emit('chatMessage', { draftId: league.draftId, message: 'marker' });
      await chat;
    };
    type(false); // a stop before any start: nobody was shown typing
    // 2,000 starts, every one handled: sent as fast as the server takes a socket's messages (at most
    // SOCKET_MESSAGES_IN_FLIGHT_MAX at once; beyond that they are refused, socket-message-handlers.spec), each batch
    // closed by a leave of a room the socket is not in, whose acknowledgement says the batch is done.
    const batch = SOCKET_MESSAGES_IN_FLIGHT_MAX / 2;
    for (let sent = 0; sent < 2_000; sent += batch) {
      for (let i = 0; i < batch; i += 1) type(true);
      await typist!.timeout(5_000).emitWithAck('leaveDraft', { draftId: UNKNOWN_ID });
    }
    await settled();
    expect(typistsSignals()).toEqual([true]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Four changes within 250 ms: the first goes out at once, the socket's latest state when the interval is over.
    for (const isTyping of [false, true, false, true]) type(isTyping);
    await settled();
    expect(typistsSignals()).toEqual([true, false]);
    await eventually(
      async () => typistsSignals(),
      (signals) => signals.length === 3,
    );
    expect(typistsSignals()).toEqual([true, false, true]);
    // A quick stop after a start is not lost either: it arrives once the interval is over.
    type(false);
    await eventually(
      async () => typistsSignals(),
      (signals) => signals.length === 4,
    );
    expect(typistsSignals()).toEqual([true, false, true, false]);
  });
});

describe('leaving a room while typing', () => {
  it('tells the room the typing ended, and takes the stop the browser sends after its leave without an error', async () => {
    const typist = await openAs(league.users[7]!);
    const listener = await openAs(league.users[8]!);
    const heard = collect<{ username: string; isTyping: boolean }>(listener, 'userTyping');
    const signals = () =>
      heard.filter((event) => event.username === 'sock_u8').map((event) => event.isTyping);
    const errors = collect<{ message: string }>(typist, 'error');
    typist.emit('typing', { draftId: league.draftId, isTyping: true });
    await eventually(
      async () => signals(),
      (seen) => seen.length === 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    // A browser moving to another draft's room: the room's leave goes out before the chat box's stop.
    await typist.timeout(5_000).emitWithAck('leaveDraft', { draftId: league.draftId });
    typist.emit('typing', { draftId: league.draftId, isTyping: false });
    await eventually(
      async () => signals(),
      (seen) => seen.length === 2,
    );
    expect(signals()).toEqual([true, false]);
    // The socket's messages are handled in order: once a later one is answered, the stop was judged.
    await typist.timeout(5_000).emitWithAck('leaveDraft', { draftId: UNKNOWN_ID });
    expect(errors).toEqual([]);
  });
});

describe('bidding over the socket', () => {
  it('announces the nomination, then of 12 simultaneous equal bids exactly one is accepted', async () => {
    const started = room.map((socket) => nextEvent(socket, 'auctionStarted'));
    expect(
      (await nominate(t, league.users[0]!.token, { draftId: league.draftId, playerId: GIBBS })).status,
    ).toBe(201);
    for (const payload of await Promise.all(started)) {
      const parsed = auctionStartedSchema.parse(payload);
      expect(parsed.auction.playerId).toBe(GIBBS);
      expect(Number(parsed.position)).toBeGreaterThan(0);
    }

    const placed = room.map((socket) => collect(socket, 'bidPlaced'));
    const errors = room.map((socket) => collect<{ message: string }>(socket, 'error'));
    const firstBidSeen = nextEvent(room[0]!, 'bidPlaced');
    for (const socket of room)
      socket.emit('bidOnPlayer', { draftId: league.draftId, playerId: GIBBS, bidAmount: 5 });
    await firstBidSeen;
    const deadline = Date.now() + 5_000;
    while (errors.flat().length < TEAMS - 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));

    expect(errors.flat()).toHaveLength(TEAMS - 1);
    for (const { message } of errors.flat()) {
      expect(['Bid must be at least $6', 'You are already the high bidder']).toContain(message);
    }
    // Every client saw the one accepted bid, once.
    for (const seen of placed) expect(seen).toHaveLength(1);
    const payload = bidPlacedSchema.parse(placed[0]![0]);
    expect(payload).toMatchObject({ bidAmount: 5, auction: { currentBid: 5 } });
    expect(payload.timeLeft).toBeGreaterThan(0);
    const bids = await poolOf(t).query(`SELECT count(*)::int AS n FROM es_events WHERE type = 'BidPlaced'`);
    expect(bids.rows[0].n).toBe(1);

    // A client that asks for an answer gets it as an acknowledgement.
    const loser = room.find((_socket, index) =>
      errors[index]!.some(({ message }) => message === 'Bid must be at least $6'),
    )!;
    const bid = { draftId: league.draftId, playerId: GIBBS, bidAmount: 6 };
    await expect(loser.timeout(5_000).emitWithAck('bidOnPlayer', bid)).resolves.toEqual({
      accepted: true,
      auctionId: payload.auction._id,
      bidAmount: 6,
      currentBid: 6,
      currentBidder: expect.objectContaining({ _id: expect.any(String), name: expect.any(String) }),
    });
  });

  it('acknowledges a refusal with the status and message REST gives, besides the error event (ADR 0035)', async () => {
    const socket = room[0]!;
    const { auction } = await auctionOf(t, league.admin.token, league.draftId);
    const teamId = league.teams[0]!._id;
    const tooLow = { draftId: league.draftId, playerId: GIBBS, bidAmount: auction!.currentBid, teamId };
    const overRest = await bid(t, league.users[0]!.token, auction!._id, {
      bidAmount: tooLow.bidAmount,
      teamId,
    });
    const expected = `Bid must be at least $${auction!.currentBid + 1}`;
    expect({ status: overRest.status, message: overRest.body.message }).toEqual({
      status: 409,
      message: expected,
    });
    const error = nextEvent<{ message: string }>(socket, 'error');
    const ack = await socket.timeout(5_000).emitWithAck('bidOnPlayer', tooLow);
    expect(ack).toEqual({ accepted: false, status: 409, message: expected });
    expect(await error).toEqual({ message: expected });

    // A payload that breaks the wire rules, and one naming no auction of the draft: the REST statuses.
    await expect(
      socket.timeout(5_000).emitWithAck('bidOnPlayer', { draftId: league.draftId, playerId: GIBBS }),
    ).resolves.toMatchObject({ accepted: false, status: 400 });
    await expect(
      socket.timeout(5_000).emitWithAck('bidOnPlayer', { ...tooLow, auctionId: UNKNOWN_ID, bidAmount: 40 }),
    ).resolves.toEqual({ accepted: false, status: 404, message: 'Auction not found' });

    // A socket that never signed in.
    const anonymous = await connected(connectSocket(t.baseUrl));
    sockets.push(anonymous);
    await expect(anonymous.timeout(5_000).emitWithAck('bidOnPlayer', tooLow)).resolves.toEqual({
      accepted: false,
      status: 401,
      message: 'Not authenticated',
    });
    const after = await auctionOf(t, league.admin.token, league.draftId);
    expect(after.auction!.currentBid).toBe(auction!.currentBid);
  });

  it('refuses a bid naming an auction this draft never ran as not found, as REST does', async () => {
    const socket = room[0]!;
    const error = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('bidOnPlayer', {
      draftId: league.draftId,
      playerId: GIBBS,
      auctionId: UNKNOWN_ID,
      bidAmount: 40,
    });
    expect(await error).toEqual({ message: 'Auction not found' });
    const { auction } = await auctionOf(t, league.admin.token, league.draftId);
    expect(auction!.currentBid).toBe(6);
  });

  it('decides by the time the server received the bid: at the deadline it is too late, just before it counts', async () => {
    const { auction } = await auctionOf(t, league.admin.token, league.draftId);
    const deadline = Date.parse(auction!.deadline!);
    const commands = t.app.get(CommandBus);
    const bidder = league.users.find(
      (_user, index) => league.teams[index]!._id !== auction!.currentBidder._id,
    )!;
    const late = new PlaceBidCommand(
      { auctionId: auction!._id },
      7,
      undefined,
      authUser(bidder),
      new Date(deadline).toISOString(),
    );
    await expect(commands.execute(late)).rejects.toThrow('The auction has ended');
    const inTime = new PlaceBidCommand(
      { auctionId: auction!._id },
      7,
      undefined,
      authUser(bidder),
      new Date(deadline - 1).toISOString(),
    );
    expect((await commands.execute(inTime)).auction.currentBid).toBe(7);
  });

  it('sends pickMade, playerAssigned and pickUndone with the spec payloads', async () => {
    const socket = room[1]!;
    const made = nextEvent(socket, 'pickMade');
    const assignedEvent = nextEvent(socket, 'playerAssigned');
    const response = await t.request<PickData>('POST', `/api/drafts/${league.draftId}/pick`, {
      token: league.admin.token,
      body: { playerId: BIJAN, teamId: league.teams[5]!._id, cost: 3 },
    });
    expect(response.status).toBe(201);
    const pickMade = pickMadeSchema.parse(await made);
    expect(pickMade.team).toMatchObject({ _id: league.teams[5]!._id, budget: { spent: 3 } });
    expect(pickMade.pick).toMatchObject({ playerId: BIJAN, cost: 3, source: 'admin' });
    expect(await assignedEvent).toMatchObject({
      playerName: 'Bijan Robinson',
      teamName: league.teams[5]!.name,
      cost: 3,
    });

    const undone = nextEvent(socket, 'pickUndone');
    await t.request('DELETE', `/api/drafts/${league.draftId}/picks/${response.body.data.pick._id}`, {
      token: league.admin.token,
    });
    expect(pickUndoneSchema.parse(await undone).pickNumber).toBe(response.body.data.pick.pickNumber);
  });

  it('sends pick events to admins outside the room too, and once to an admin inside it', async () => {
    const outside = await openAs(league.admin, false);
    const inside = await openAs(league.admin);
    const seenOutside = collect(outside, 'pickMade');
    const seenInside = collect(inside, 'pickMade');
    const undoneOutside = nextEvent(outside, 'pickUndone');
    const undoneInside = nextEvent(inside, 'pickUndone');
    const response = await t.request<PickData>('POST', `/api/drafts/${league.draftId}/pick`, {
      token: league.admin.token,
      body: { playerId: BIJAN, teamId: league.teams[6]!._id, cost: 2 },
    });
    expect(response.status).toBe(201);
    await t.request('DELETE', `/api/drafts/${league.draftId}/picks/${response.body.data.pick._id}`, {
      token: league.admin.token,
    });
    // pickUndone comes after pickMade on every socket, so both pickMade deliveries are in by now.
    expect(pickUndoneSchema.parse(await undoneOutside).pick.playerId).toBe(BIJAN);
    await undoneInside;
    expect(seenOutside).toHaveLength(1);
    expect(seenInside).toHaveLength(1);
  });
});

describe('live events and snapshots carry the draft stream version', () => {
  const lastEventOf = async (type?: string) => {
    const { rows } = await poolOf(t).query<{ position: string; version: number }>(
      `SELECT global_position::text AS position, stream_version AS version FROM es_events
       WHERE stream_id = $1 AND ($2::text IS NULL OR type = $2) ORDER BY stream_version DESC LIMIT 1`,
      [`draft-${league.draftId}`, type ?? null],
    );
    return rows[0]!;
  };

  it("gives the three events of one sale the draft, the sale's position and stream version, and the server time", async () => {
    const socket = room[3]!; // a team owner, not an admin
    const made = nextEvent(socket, 'pickMade');
    const assigned = nextEvent(socket, 'playerAssigned');
    const updated = nextEvent(socket, 'playerUpdated', (p: { playerId?: string }) => p.playerId === BIJAN);
    const response = await t.request<PickData>('POST', `/api/drafts/${league.draftId}/pick`, {
      token: league.admin.token,
      body: { playerId: BIJAN, teamId: league.teams[7]!._id, cost: 2 },
    });
    expect(response.status).toBe(201);
    const sale = await lastEventOf('PlayerSold');
    const events = [
      pickMadeSchema.parse(await made),
      playerAssignedSchema.parse(await assigned),
      playerUpdatedSchema.parse(await updated),
    ];
    for (const event of events) {
      expect(event).toMatchObject({
        draftId: league.draftId,
        position: sale.position,
        version: sale.version,
      });
      expect(Math.abs(Date.parse(event.serverTime) - Date.now())).toBeLessThan(10_000);
    }
    expect(events[2]).toMatchObject({ action: 'drafted', playerId: BIJAN, player: null });

    const undone = nextEvent(socket, 'pickUndone');
    await t.request('DELETE', `/api/drafts/${league.draftId}/picks/${response.body.data.pick._id}`, {
      token: league.admin.token,
    });
    expect(pickUndoneSchema.parse(await undone).version).toBe((await lastEventOf('PickUndone')).version);
  });

  it('answers the auction snapshot, the draft and its status with the version they reflect', async () => {
    const { version } = await lastEventOf();
    const get = async (path: string) =>
      (await t.request('GET', path, { token: league.users[0]!.token })).body.data;
    const auction = draftAuctionDataSchema.parse(await get(`/api/auctions/draft/${league.draftId}`));
    const { draft } = draftDataSchema.parse(await get(`/api/drafts/${league.draftId}`));
    const status = draftStatusDataSchema.parse(await get(`/api/drafts/${league.draftId}/status`));
    expect([auction.version, draft.version, status.version]).toEqual([version, version, version]);

    // A sale moves it: the next snapshot is at least at the version pickMade carried.
    const made = nextEvent(room[4]!, 'pickMade');
    const response = await t.request<PickData>('POST', `/api/drafts/${league.draftId}/pick`, {
      token: league.admin.token,
      body: { playerId: BIJAN, teamId: league.teams[8]!._id, cost: 1 },
    });
    expect(response.status).toBe(201);
    const saleVersion = pickMadeSchema.parse(await made).version!;
    expect(saleVersion).toBeGreaterThan(version);
    const after = draftAuctionDataSchema.parse(await get(`/api/auctions/draft/${league.draftId}`));
    expect(after.version).toBe((await lastEventOf()).version);
    expect(after.version).toBeGreaterThanOrEqual(saleVersion);
    await t.request('DELETE', `/api/drafts/${league.draftId}/picks/${response.body.data.pick._id}`, {
      token: league.admin.token,
    });
  });
});
