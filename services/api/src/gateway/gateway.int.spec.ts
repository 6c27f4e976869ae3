import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { draftJoinedSchema, type ActiveUsersUpdate, type AuthenticatedPayload } from '@auction/contracts';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import type { Pool } from 'pg';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { TEST_PASSWORD, startTestApp, type TestApp, type TestUser } from '../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../test-support/socket-client.js';
import { REDIS } from '../infrastructure/redis/redis.tokens.js';
import { INVALID_SOCKET_TOKEN, SOCKET_SIGNED_IN_AS_ANOTHER_USER } from './app.gateway.js';
import { PresenceService } from './presence.service.js';
import { RealtimePublisher } from './realtime-publisher.js';
import { createDraft } from '../modules/teams/__tests__/league-test-kit.js';

// A draft of `first`'s database (joinDraft refuses unknown drafts); set in beforeAll.
let DRAFT_ID = '';

let first: TestApp;
let second: TestApp; // same database as `first`
let other: TestApp; // its own database
const sockets: Socket[] = [];

beforeAll(async () => {
  first = await startTestApp();
  const admin = await first.loginAdmin();
  DRAFT_ID = (await createDraft(first, admin.token, 'Gateway test draft'))._id;
  second = await startTestApp({ shareDatabaseWith: first });
  other = await startTestApp();
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  // Counts are asserted exactly: start each test once the server has taken the last one's sockets out.
  for (const app of [first, other]) {
    const presence = app.app.get(PresenceService);
    await waitFor(async () => (await presence.activeUserCount()) === 0);
  }
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

afterAll(async () => {
  await second?.close();
  await first?.close();
  await other?.close();
});

async function open(app: TestApp): Promise<Socket> {
  const socket = connectSocket(app.baseUrl);
  sockets.push(socket);
  return connected(socket);
}

/** Opens a socket and authenticates it; resolves once the server confirmed. */
async function openAs(app: TestApp, user: TestUser): Promise<Socket> {
  const socket = await open(app);
  const confirmed = nextEvent<AuthenticatedPayload>(socket, 'authenticated');
  socket.emit('authenticate', user.token);
  await confirmed;
  return socket;
}

const countIs = (expected: number) => (update: ActiveUsersUpdate) => update.count === expected;

describe('authentication', () => {
  it('answers authError for a bad token and "Not authenticated" errors before authenticating', async () => {
    const socket = await open(first);
    const error = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('joinDraft', { draftId: DRAFT_ID });
    expect(await error).toEqual({ message: 'Not authenticated' });

    const rejected = nextEvent<{ message: string }>(socket, 'authError');
    socket.emit('authenticate', 'not-a-token');
    expect(await rejected).toEqual({ message: 'Invalid or expired token' });

    const stillRejected = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('chatMessage', { draftId: DRAFT_ID, message: 'hi' });
    expect(await stillRejected).toEqual({ message: 'Not authenticated' });
  });

  it('answers an event no handler listens to "Unknown event", signed in or not (it went unanswered)', async () => {
    const una = await first.registerUser('sock_una');
    const socket = await open(first);
    const anonymous = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('joinDarft', { draftId: DRAFT_ID });
    // Not 'Not authenticated': signing in would not make the event known.
    expect(await anonymous).toEqual({ message: 'Unknown event: joinDarft' });

    const authenticated = nextEvent(socket, 'authenticated');
    socket.emit('authenticate', una.token);
    await authenticated;
    const signedIn = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('constructor', { draftId: DRAFT_ID });
    expect(await signedIn).toEqual({ message: 'Unknown event: constructor' });
    const long = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('x'.repeat(5_000));
    expect(await long).toEqual({ message: `Unknown event: ${'x'.repeat(50)}…` });
  });

  it('answers an authenticate over 8 KB "Message is too large", and the socket can still sign in', async () => {
    const bea = await first.registerUser('sock_bea');
    const socket = await open(first);
    const tooLarge = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('authenticate', { token: 'x'.repeat(9 * 1024) });
    expect(await tooLarge).toEqual({ message: 'Message is too large' });
    const answer = nextEvent<AuthenticatedPayload>(socket, 'authenticated');
    socket.emit('authenticate', bea.token);
    expect((await answer).user.username).toBe('sock_bea');
  });

  it('accepts a token string or { token } and answers the user and the server time', async () => {
    const ann = await first.registerUser('sock_ann');
    for (const payload of [ann.token, { token: ann.token }]) {
      const socket = await open(first);
      const answer = nextEvent<AuthenticatedPayload>(socket, 'authenticated');
      socket.emit('authenticate', payload);
      const { user, serverTime } = await answer;
      expect(user).toEqual({ _id: ann.user._id, username: 'sock_ann', role: 'user' });
      expect(Math.abs(Date.parse(serverTime) - Date.now())).toBeLessThan(10_000);
    }
  });

  it('refuses a token revoked by logout', async () => {
    const gone = await first.registerUser('sock_gone');
    await first.request('POST', '/api/auth/logout', { token: gone.token });
    const socket = await open(first);
    const rejected = nextEvent(socket, 'authError');
    socket.emit('authenticate', { token: gone.token });
    await rejected;
  });
});

describe('a signed-in socket', () => {
  /** A second token of the same user (a second device's login). */
  const loginAgain = async (name: string) =>
    (
      await first.request<{ token: string }>('POST', '/api/auth/login', {
        body: { email: `${name}@example.test`, password: TEST_PASSWORD },
      })
    ).body.data.token;
  const disconnectedByServer = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

  it('is disconnected on every instance when its token is logged out; other tokens and rooms carry on', async () => {
    const lou = await first.registerUser('sess_lou');
    const mia = await first.registerUser('sess_mia');
    const otherDevice = { ...lou, token: await loginAgain('sess_lou') };
    const tabOnFirst = await openAs(first, lou);
    const tabOnSecond = await openAs(second, lou);
    const phone = await openAs(first, otherDevice);
    const watcher = await openAs(first, mia);
    for (const socket of [tabOnFirst, watcher]) {
      const joined = nextEvent(socket, 'draftJoined');
      socket.emit('joinDraft', { draftId: DRAFT_ID });
      await joined;
    }
    const louLeft = nextEvent<{ username: string }>(watcher, 'userLeft');
    const cut = [disconnectedByServer(tabOnFirst), disconnectedByServer(tabOnSecond)];

    expect((await first.request('POST', '/api/auth/logout', { token: lou.token })).status).toBe(200);
    expect(await Promise.all(cut)).toEqual(['io server disconnect', 'io server disconnect']);
    expect((await louLeft).username).toBe('sess_lou');
    expect(phone.connected).toBe(true);
    const presence = first.app.get(PresenceService);
    await waitFor(async () => (await presence.activeUserCount()) === 2); // lou's phone and mia
    const stillThere = nextEvent(phone, 'draftJoined');
    phone.emit('joinDraft', { draftId: DRAFT_ID });
    await stillThere;
  });

  it('tells the room once when a logout disconnects all of a user tabs in it', async () => {
    const sam = await first.registerUser('sess_sam');
    const tia = await first.registerUser('sess_tia');
    const watcher = await openAs(first, tia);
    const tabs = [await openAs(first, sam), await openAs(first, sam), await openAs(first, sam)];
    for (const socket of [watcher, ...tabs]) {
      const joined = nextEvent(socket, 'draftJoined');
      socket.emit('joinDraft', { draftId: DRAFT_ID });
      await joined;
    }
    const left: string[] = [];
    watcher.on('userLeft', (payload: { username: string }) => left.push(payload.username));
    const cut = tabs.map(disconnectedByServer);
    await first.request('POST', '/api/auth/logout', { token: sam.token });
    await Promise.all(cut);
    await waitFor(async () => left.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300)); // room leaves still on their way would arrive by now
    expect(left).toEqual(['sess_sam']);
  });

  it('re-authenticating twice at once still leaves the socket in reach of its token logout', async () => {
    const uma = await first.registerUser('sess_uma');
    const otherToken = await loginAgain('sess_uma');
    for (let round = 0; round < 3; round += 1) {
      const socket = await openAs(first, uma);
      const answers: string[] = [];
      socket.on('authenticated', () => answers.push('ok'));
      socket.emit('authenticate', otherToken);
      socket.emit('authenticate', uma.token);
      await waitFor(async () => answers.length === 2);
      const cut = disconnectedByServer(socket);
      // The last one sent wins: the socket is signed in with the first token, and its logout cuts it off.
      await first.request('POST', '/api/auth/logout', { token: uma.token });
      expect(await cut).toBe('io server disconnect');
      uma.token = await loginAgain('sess_uma');
    }
  });

  it("keeps its user when it presents another user's token", async () => {
    const ned = await first.registerUser('sess_ned');
    const ola = await first.registerUser('sess_ola');
    const socket = await openAs(first, ned);
    const refused = nextEvent<{ message: string }>(socket, 'authError');
    socket.emit('authenticate', ola.token);
    expect(await refused).toEqual({ message: SOCKET_SIGNED_IN_AS_ANOTHER_USER });
    const presence = first.app.get(PresenceService);
    expect(await presence.activeUserCount()).toBe(1);
    expect(socket.connected).toBe(true);
    // Ola's logout does not reach Ned's socket: it never joined her token's room.
    await first.request('POST', '/api/auth/logout', { token: ola.token });
    const joined = nextEvent(socket, 'draftJoined');
    socket.emit('joinDraft', { draftId: DRAFT_ID });
    const { activeUsers } = draftJoinedSchema.parse(await joined);
    expect(activeUsers.map((user) => user.username)).toEqual(['sess_ned']);
  });

  it('keeps its session when it presents a token that fails, and carries on under a new token of its own user', async () => {
    const pia = await first.registerUser('sess_pia');
    const socket = await openAs(first, pia);
    const renewed = nextEvent(socket, 'authenticated');
    const newToken = await loginAgain('sess_pia');
    socket.emit('authenticate', newToken);
    await renewed;
    // The first token's logout no longer concerns this socket: it signed in again with the new one.
    await first.request('POST', '/api/auth/logout', { token: pia.token });
    expect(socket.connected).toBe(true);

    const refused = nextEvent<{ message: string }>(socket, 'authError');
    socket.emit('authenticate', pia.token);
    expect(await refused).toEqual({ message: INVALID_SOCKET_TOKEN });
    const joined = nextEvent(socket, 'draftJoined');
    socket.emit('joinDraft', { draftId: DRAFT_ID });
    await joined;
    expect(socket.connected).toBe(true);
    // Its session is the new token's: that logout ends it.
    const cut = disconnectedByServer(socket);
    await first.request('POST', '/api/auth/logout', { token: newToken });
    expect(await cut).toBe('io server disconnect');
    const presence = first.app.get(PresenceService);
    await waitFor(async () => (await presence.activeUserCount()) === 0);
  });

  it('is told and disconnected when its token expires', async () => {
    const rex = await first.registerUser('sess_rex');
    const shortLived = await first.app
      .get(JwtService)
      .signAsync(
        { sub: rex.user._id, role: 'user', username: 'sess_rex', jti: randomUUID() },
        { expiresIn: 2 },
      );
    const socket = await openAs(first, { ...rex, token: shortLived });
    const told = nextEvent<{ message: string }>(socket, 'authError');
    const cut = disconnectedByServer(socket);
    expect(await told).toEqual({ message: INVALID_SOCKET_TOKEN });
    expect(await cut).toBe('io server disconnect');
    await waitFor(async () => (await first.app.get(PresenceService).activeUserCount()) === 0);
  });
});

describe('session timers', () => {
  it('of many sign-ins share one duration: Node keeps a list per duration, for that long, even once cleared', async () => {
    // A timer armed for the token's exact remaining time (unique to the millisecond, up to 7 days) left one empty timer
    // list behind per sign-in, unref'd timers' lists are dropped only when their duration is over.
    const tom = await first.registerUser('sess_tom');
    const durations: number[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const spy = jest.spyOn(globalThis, 'setTimeout').mockImplementation(((
      callback: () => void,
      ms?: number,
    ) => {
      durations.push(ms ?? 0);
      return realSetTimeout(callback, ms);
    }) as typeof setTimeout);
    try {
      for (let i = 0; i < 10; i++) {
        const socket = await openAs(first, tom);
        socket.disconnect();
        await new Promise((resolve) => realSetTimeout(resolve, 3));
      }
    } finally {
      spy.mockRestore();
    }
    // Long timers: the sessions' (a 7-day token); the sign-in deadline's and the app's own are far shorter.
    const long = durations.filter((ms) => ms > 60 * 60 * 1000 - 1);
    expect(long.length).toBeGreaterThanOrEqual(10);
    expect(new Set(long).size).toBe(1);
  });
});

describe('failures', () => {
  it('answers a failing handler with error { message } and no internals', async () => {
    const broken = await startTestApp();
    try {
      const user = await broken.registerUser('broken_bea');
      const socket = await open(broken);
      await broken.app.get<Pool>(PG_POOL).end(); // every query now fails
      const error = nextEvent(socket, 'error');
      socket.emit('authenticate', user.token);
      expect(await error).toEqual({ message: 'Internal server error' });
    } finally {
      await broken.close();
    }
  });
});

describe('presence', () => {
  it('counts connections per user: a user stays active until their last tab closes', async () => {
    const pat = await first.registerUser('pres_pat');
    const quinn = await first.registerUser('pres_quinn');
    const watcher = await open(first);
    const ownCount = nextEvent<ActiveUsersUpdate>(watcher, 'activeUsersUpdate');
    watcher.emit('authenticate', pat.token);
    const base = (await ownCount).count;

    const quinnOnline = nextEvent(watcher, 'activeUsersUpdate', countIs(base + 1));
    const tab1 = await openAs(first, quinn);
    await quinnOnline;
    await openAs(first, quinn);
    const presence = first.app.get(PresenceService);
    const redis = first.app.get<Redis>(REDIS);
    const socketsKey = `${first.redisNamespace}presence:sockets`;

    const tab1Id = tab1.id!;
    tab1.disconnect();
    await waitFor(async () => (await redis.zscore(socketsKey, tab1Id)) === null);
    expect(await presence.activeUserCount()).toBe(base + 1);

    const quinnGone = nextEvent(watcher, 'activeUsersUpdate', countIs(base));
    sockets.at(-1)!.disconnect();
    await quinnGone;
  });
});

describe('draft rooms', () => {
  it('joinDraft answers draftJoined; room events reach members only, until leaveDraft', async () => {
    const rita = await first.registerUser('room_rita');
    const sam = await first.registerUser('room_sam');
    const member = await openAs(first, rita);
    const outsider = await openAs(first, sam);
    const outsiderEvents: unknown[] = [];
    outsider.on('pickMade', (payload: unknown) => outsiderEvents.push(payload));

    const joined = nextEvent(member, 'draftJoined');
    member.emit('joinDraft', { draftId: DRAFT_ID });
    expect(await joined).toMatchObject({ draftId: DRAFT_ID, chatHistory: [] });

    const publisher = first.app.get(RealtimePublisher);
    const received = nextEvent(member, 'pickMade');
    publisher.toDraft(DRAFT_ID, 'pickMade', { pick: 1 });
    expect(await received).toEqual({ pick: 1 });

    expect(await member.emitWithAck('leaveDraft', { draftId: DRAFT_ID })).toEqual({ draftId: DRAFT_ID });
    publisher.toDraft(DRAFT_ID, 'pickMade', { pick: 2 });
    // toAll reaches every authenticated socket: once the member sees it, the room event before it was delivered.
    const memberEvents: unknown[] = [];
    member.on('pickMade', (payload: unknown) => memberEvents.push(payload));
    const barrier = nextEvent(member, 'draftUpdated');
    publisher.toAll('draftUpdated', { barrier: true });
    await barrier;
    expect(memberEvents).toEqual([]);
    expect(outsiderEvents).toEqual([]);
  });

  it('rejects a joinDraft without a valid draft id', async () => {
    const tess = await first.registerUser('room_tess');
    const socket = await openAs(first, tess);
    const error = nextEvent(socket, 'error');
    socket.emit('joinDraft', { draftId: 'nope' });
    expect(await error).toEqual({ message: 'Invalid draft id' });
  });
});

describe('several instances', () => {
  it('instances on one database share presence and rooms; another database sees neither', async () => {
    const uma = await first.registerUser('multi_uma');
    const vic = await first.registerUser('multi_vic'); // same database: usable on `second`
    const wes = await other.registerUser('multi_wes');
    const xia = await first.registerUser('multi_xia');

    const onFirst = await open(first);
    const umaCount = nextEvent<ActiveUsersUpdate>(onFirst, 'activeUsersUpdate');
    onFirst.emit('authenticate', uma.token);
    expect((await umaCount).count).toBe(1);
    const seen: ActiveUsersUpdate[] = [];
    onFirst.on('activeUsersUpdate', (update: ActiveUsersUpdate) => seen.push(update));
    const joined = nextEvent(onFirst, 'draftJoined');
    onFirst.emit('joinDraft', { draftId: DRAFT_ID });
    await joined;

    // A user connecting to the second instance is counted on the first, and sees the first's user in the room.
    const vicArrives = nextEvent(onFirst, 'activeUsersUpdate', countIs(2));
    const onSecond = await open(second);
    const vicCount = nextEvent<ActiveUsersUpdate>(onSecond, 'activeUsersUpdate');
    onSecond.emit('authenticate', vic.token);
    expect((await vicCount).count).toBe(2);
    await vicArrives;
    const vicJoined = nextEvent(onSecond, 'draftJoined');
    const vicNotice = nextEvent<{ username: string }>(onFirst, 'userJoined');
    onSecond.emit('joinDraft', { draftId: DRAFT_ID });
    expect(draftJoinedSchema.parse(await vicJoined).activeUsers).toEqual([
      { username: 'multi_uma' },
      { username: 'multi_vic' },
    ]);
    expect((await vicNotice).username).toBe('multi_vic');

    // A room event published on the second instance reaches the first instance's room member.
    const crossRoom = nextEvent(onFirst, 'pickMade');
    second.app.get(RealtimePublisher).toDraft(DRAFT_ID, 'pickMade', { from: 'second' });
    expect(await crossRoom).toEqual({ from: 'second' });

    // The other database: its user counts only itself, and its events never reach the first instance.
    const onOther = await open(other);
    const otherCount = nextEvent<ActiveUsersUpdate>(onOther, 'activeUsersUpdate');
    onOther.emit('authenticate', wes.token);
    expect((await otherCount).count).toBe(1);
    const firstEvents: unknown[] = [];
    onFirst.on('pickMade', (payload: unknown) => firstEvents.push(payload));
    other.app.get(RealtimePublisher).toDraft(DRAFT_ID, 'pickMade', { from: 'other' });
    other.app.get(RealtimePublisher).toAll('draftUpdated', { from: 'other' });

    // Barrier: a later change on the first database; everything sent before it has arrived by then.
    const xiaArrives = nextEvent(onFirst, 'activeUsersUpdate', countIs(3));
    const secondPublisherEvent = nextEvent(
      onFirst,
      'pickMade',
      (p: { from?: string }) => p.from === 'barrier',
    );
    await openAs(second, xia);
    await xiaArrives;
    second.app.get(RealtimePublisher).toDraft(DRAFT_ID, 'pickMade', { from: 'barrier' });
    await secondPublisherEvent;

    expect(firstEvents).toEqual([{ from: 'barrier' }]);
    // The other database's user was never counted here (xia made it 3, not 4).
    expect(Math.max(...seen.map((update) => update.count))).toBe(3);

    // Leaving on the second instance is counted on the first, by one broadcast from either instance.
    const vicLeaves = nextEvent(onFirst, 'activeUsersUpdate', countIs(2));
    onSecond.disconnect();
    await vicLeaves;
  });
});
