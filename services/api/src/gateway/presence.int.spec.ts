import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { activeUsersUpdateSchema, draftJoinedSchema, type ActiveUsersUpdate } from '@auction/contracts';
import type { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import { TokenService } from '../common/auth/token.service.js';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { createDraft } from '../modules/teams/__tests__/league-test-kit.js';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../test-support/socket-client.js';
import type { Redis } from 'ioredis';
import { REDIS, REDIS_NAMESPACE } from '../infrastructure/redis/redis.tokens.js';
import { AppGateway } from './app.gateway.js';
import { ACTIVE_COUNT_MIN_INTERVAL_MS, PRESENCE_TTL_MS, PresenceService } from './presence.service.js';
import { RealtimePublisher } from './realtime-publisher.js';

/** Issue 10: presence costs O(room) per connect, and the connected count reaches everyone coalesced. */

const PRESENCE_EVENTS = ['activeUsersUpdate', 'userJoined', 'userLeft'] as const;

type SeededUser = { id: string; username: string; token: string };

let t: TestApp;
let draftA = '';
let draftB = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.loginAdmin();
  draftA = (await createDraft(t, admin.token, 'Presence draft A'))._id;
  draftB = (await createDraft(t, admin.token, 'Presence draft B'))._id;
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  // Let the server take them out of presence, so the next test starts from a settled count.
  await waitFor(async () => (await settledCount()) === 0, 30_000);
});

afterAll(async () => {
  await t?.close();
});

/** Users straight into the table with tokens from the app's TokenService: registering hundreds (argon2) is slow. */
async function seedUsers(prefix: string, count: number): Promise<SeededUser[]> {
  const { rows } = await t.app.get<Pool>(PG_POOL).query<{ id: string; username: string }>(
    `INSERT INTO users (username, email, password_hash)
     SELECT $1 || n, $1 || n || '@example.test', 'not-a-hash' FROM generate_series(1, $2::int) AS n
     RETURNING id, username`,
    [prefix, count],
  );
  const tokens = t.app.get(TokenService);
  return Promise.all(
    rows.map(async (row) => ({ ...row, token: await tokens.sign({ ...row, role: 'user' }) })),
  );
}

/** Connects and authenticates; resolves with the socket and the count it was told at once. */
async function openAs(user: SeededUser): Promise<{ socket: Socket; count: number }> {
  const socket = connectSocket(t.baseUrl);
  sockets.push(socket);
  await connected(socket);
  const count = nextEvent<ActiveUsersUpdate>(socket, 'activeUsersUpdate', () => true, 30_000);
  socket.emit('authenticate', user.token);
  return { socket, count: activeUsersUpdateSchema.parse(await count).count };
}

async function join(socket: Socket, draftId: string) {
  const joined = nextEvent(socket, 'draftJoined');
  socket.emit('joinDraft', { draftId });
  return draftJoinedSchema.parse(await joined);
}

/** Every event a socket receives, in order. */
function record(socket: Socket): Array<{ event: string; payload: unknown }> {
  const events: Array<{ event: string; payload: unknown }> = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload }));
  return events;
}

/** A toAll event each socket must see: everything sent to it before has arrived by then (one instance). */
async function barrier(...targets: Socket[]): Promise<void> {
  const tag = Math.random().toString(36).slice(2);
  const seen = targets.map((socket) =>
    nextEvent(socket, 'draftUpdated', (payload: { barrier?: string }) => payload.barrier === tag),
  );
  t.app.get(RealtimePublisher).toAll('draftUpdated', { barrier: tag });
  await Promise.all(seen);
}

/** Distinct users present in Redis, read through the app's own service. */
function settledCount(): Promise<number> {
  return t.app.get(PresenceService).activeUserCount();
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const names = (list: Array<{ username: string }>) => list.map((entry) => entry.username);
const mentions = (payload: unknown, username: string) => JSON.stringify(payload ?? null).includes(username);

/** What a FLUSHALL does to this app (its own namespace only: other suites share the Redis server). */
async function losePresenceData(): Promise<void> {
  const redis = t.app.get<Redis>(REDIS);
  const pattern = `${t.app.get<string>(REDIS_NAMESPACE)}presence:*`;
  const keys = await redis.keys(pattern);
  if (keys.length > 0) await redis.del(...keys);
}

describe('room presence', () => {
  it('a leave sent right behind a join (not waiting for it) leaves the room: the last command wins', async () => {
    const [ivy, jon, kim] = await seedUsers('quick_', 3);
    const ivySocket = (await openAs(ivy!)).socket;
    const jonSocket = (await openAs(jon!)).socket;
    await join(ivySocket, draftA);
    const jonLeft = nextEvent(ivySocket, 'userLeft', (payload) => mentions(payload, 'quick_2'));
    jonSocket.emit('joinDraft', { draftId: draftA });
    const leaveAck = await jonSocket.emitWithAck('leaveDraft', { draftId: draftA });
    expect(leaveAck).toEqual({ draftId: draftA });
    await jonLeft;
    const kimSocket = (await openAs(kim!)).socket;
    expect(names((await join(kimSocket, draftA)).activeUsers)).toEqual(['quick_1', 'quick_3']);
  });

  it('a draft id written in upper case joins the same room, not one of its own', async () => {
    const [gus, hal] = await seedUsers('case_', 2);
    const gusSocket = (await openAs(gus!)).socket;
    const halSocket = (await openAs(hal!)).socket;
    await join(gusSocket, draftA);
    const arrived = nextEvent(gusSocket, 'userJoined', (payload) => mentions(payload, 'case_2'));
    const joined = await join(halSocket, draftA.toUpperCase());
    expect(joined.draftId).toBe(draftA);
    expect(names(joined.activeUsers)).toEqual(['case_1', 'case_2']);
    await arrived;
  });

  it("Redis losing its data: the next heartbeat puts back the room's users and the count, announcing nobody", async () => {
    const [ann, ben, cat] = await seedUsers('flush_', 3);
    const annSocket = (await openAs(ann!)).socket;
    const benSocket = (await openAs(ben!)).socket;
    await join(annSocket, draftA);
    await join(benSocket, draftA);
    const annEvents = record(annSocket);
    const benEvents = record(benSocket);

    await losePresenceData();
    expect(await settledCount()).toBe(0);
    await t.app.get(AppGateway).keepPresenceAlive();

    expect(await settledCount()).toBe(2);
    const catSocket = (await openAs(cat!)).socket;
    expect(names((await join(catSocket, draftA)).activeUsers)).toEqual(['flush_1', 'flush_2', 'flush_3']);
    // Ann and Ben never left: nobody hears that they left or joined again, only that Cat arrived.
    await barrier(annSocket, benSocket);
    expect([...annEvents, ...benEvents].filter((e) => e.event === 'userLeft')).toEqual([]);
    expect(
      annEvents.filter((e) => e.event === 'userJoined').map((e) => mentions(e.payload, 'flush_3')),
    ).toEqual([true]);
    // The restored sockets leave as usual: Ben's disconnect is announced to the room.
    const benLeft = nextEvent(annSocket, 'userLeft', (payload) => mentions(payload, 'flush_2'));
    benSocket.disconnect();
    await benLeft;
  });

  it('Redis losing its data: the count broadcast puts this instance back first, so nobody is told 0', async () => {
    const [dan, eve] = await seedUsers('lost_', 2);
    const danSocket = (await openAs(dan!)).socket;
    await openAs(eve!);
    expect(await settledCount()).toBeGreaterThanOrEqual(2);
    // Let the broadcasts of these arrivals go out first: the one awaited below must be the loss's.
    await new Promise((resolve) => setTimeout(resolve, ACTIVE_COUNT_MIN_INTERVAL_MS * 2));

    await losePresenceData();
    // The count changed (to nothing): the next tick broadcasts, long before the 20 s heartbeat.
    const { count } = await nextEvent<{ count: number }>(danSocket, 'activeUsersUpdate', () => true, 5_000);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(await settledCount()).toBeGreaterThanOrEqual(2);
  });

  it('a rename this instance missed (Redis down): the next heartbeat takes the name from the database', async () => {
    const [eve, fay] = await seedUsers('missed_', 2);
    const { socket: eveSocket } = await openAs(eve!);
    const { socket: faySocket } = await openAs(fay!);
    await join(eveSocket, draftA);
    await join(faySocket, draftA);
    // Renamed where this instance could not hear it: the row changed, no server-side emit arrived.
    await t.app
      .get<Pool>(PG_POOL)
      .query(`UPDATE users SET username = 'missed_renamed' WHERE id = $1`, [eve!.id]);

    await t.app.get(AppGateway).keepPresenceAlive();

    const typing = nextEvent<{ userId: string; username: string }>(faySocket, 'userTyping');
    eveSocket.emit('typing', { draftId: draftA, isTyping: true });
    expect(await typing).toMatchObject({ userId: eve!.id, username: 'missed_renamed' });
    const { socket: late } = await openAs(fay!);
    expect(names((await join(late, draftA)).activeUsers)).toEqual(['missed_2', 'missed_renamed']);
  });

  it("a crashed instance's user in a room: when its entry expires, the room hears userLeft (it stayed listed for good)", async () => {
    const [obi, gus] = await seedUsers('crash_', 2);
    // What an instance that died leaves behind: gus's socket, in presence and in the room, that nobody refreshes (it
    // expires within a second here instead of PRESENCE_TTL_MS).
    const presence = t.app.get(PresenceService);
    const ghost = 'socket-of-a-dead-instance';
    const then = Date.now() - PRESENCE_TTL_MS + 1_000;
    await presence.add(ghost, { id: gus!.id, username: gus!.username, role: 'user' }, then);
    await presence.joinRoom(draftA, ghost, gus!.id, then);
    const { socket: obiSocket } = await openAs(obi!);
    expect(names((await join(obiSocket, draftA)).activeUsers)).toEqual([obi!.username, gus!.username]);
    const left = nextEvent<{ userId: string; username: string; draftId: string }>(obiSocket, 'userLeft');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await t.app.get(AppGateway).keepPresenceAlive(); // its prune
    expect(await left).toMatchObject({ draftId: draftA, userId: gus!.id, username: gus!.username });
    expect(names((await join(obiSocket, draftA)).activeUsers)).toEqual([obi!.username]);

    // A dead instance's socket of a user who has another, live, socket in the room: nobody hears that they left.
    const [ida] = await seedUsers('crash_live_', 1);
    await presence.add(
      'another-dead-socket',
      { id: ida!.id, username: ida!.username, role: 'user' },
      then + 1_100,
    );
    await presence.joinRoom(draftA, 'another-dead-socket', ida!.id, then + 1_100);
    const { socket: idaSocket } = await openAs(ida!);
    await join(idaSocket, draftA);
    const heard = record(obiSocket);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await t.app.get(AppGateway).keepPresenceAlive();
    await barrier(obiSocket);
    expect(heard.filter(({ event }) => event === 'userLeft')).toEqual([]);
    expect(names((await join(obiSocket, draftA)).activeUsers)).toEqual([obi!.username, ida!.username]);
  });

  it("userJoined, userLeft and the room's users reach that room only", async () => {
    const [ann, bea, cal, dot] = await seedUsers('room_', 4);
    const inA = (await openAs(ann!)).socket;
    const inB = (await openAs(bea!)).socket;
    const lobby = (await openAs(cal!)).socket;
    await join(inA, draftA);
    await join(inB, draftB);
    const seenInA = record(inA);
    const seenInB = record(inB);
    const seenInLobby = record(lobby);

    const { socket: arriving } = await openAs(dot!);
    const joinedNotice = nextEvent<{ username: string }>(inA, 'userJoined');
    const joined = await join(arriving, draftA);
    // The room's users: not the other room's, not those in no room.
    expect(names(joined.activeUsers)).toEqual(['room_1', 'room_4']);
    expect((await joinedNotice).username).toBe('room_4');

    const leftNotice = nextEvent<{ username: string }>(inA, 'userLeft');
    arriving.disconnect();
    expect((await leftNotice).username).toBe('room_4');

    await barrier(inA, inB, lobby);
    expect(
      seenInA.filter((entry) => entry.event === 'userJoined' || entry.event === 'userLeft'),
    ).toHaveLength(2);
    // Outside draft A's room nothing names the user who came and went.
    expect(seenInB.filter((entry) => mentions(entry.payload, 'room_4'))).toEqual([]);
    expect(seenInLobby.filter((entry) => mentions(entry.payload, 'room_4'))).toEqual([]);
    for (const entry of [...seenInB, ...seenInLobby].filter((e) => e.event === 'activeUsersUpdate')) {
      expect(Object.keys(entry.payload as object)).toEqual(['count']);
    }
  });

  it("a room's users count each user once and drop those who left", async () => {
    const [eve, fay] = await seedUsers('tabs_', 2);
    const tab1 = (await openAs(eve!)).socket;
    const tab2 = (await openAs(eve!)).socket;
    const other = (await openAs(fay!)).socket;
    await join(tab1, draftB);
    expect(names((await join(tab2, draftB)).activeUsers)).toEqual(['tabs_1']);
    const left = nextEvent(tab1, 'userLeft');
    await join(other, draftB);
    other.disconnect();
    await left;
    await waitFor(async () => (await settledCount()) === 1, 5_000);
    expect(names((await join(tab1, draftB)).activeUsers)).toEqual(['tabs_1']);
  });

  it('twelve owners joining at once: each learns of every other exactly once, by the list or by userJoined', async () => {
    const users = await seedUsers('together_', 12);
    const opened = await Promise.all(users.map((user) => openAs(user)));
    const seen = opened.map(({ socket }) => record(socket));
    const joins = await Promise.all(opened.map(({ socket }) => join(socket, draftA)));
    await barrier(...opened.map(({ socket }) => socket));

    let announcements = 0;
    users.forEach((user, i) => {
      const announced = seen[i]!.filter((entry) => entry.event === 'userJoined').map(
        (entry) => (entry.payload as { username: string }).username,
      );
      announcements += announced.length;
      const listed = names(joins[i]!.activeUsers).filter((name) => name !== user.username);
      // A user already in the list the joiner was given must not be announced to it again (a second toast).
      expect([...listed, ...announced].sort()).toEqual(
        users
          .map((u) => u.username)
          .filter((name) => name !== user.username)
          .sort(),
      );
    });
    // One message per pair of owners (12 × 11 / 2), not up to two as the joins interleave.
    expect(announcements).toBe(66);
  });
});

describe('the connected count', () => {
  it('counts users, not tabs, and tells each socket the count when it authenticates', async () => {
    const [gus, hal] = await seedUsers('count_', 2);
    expect((await openAs(gus!)).count).toBe(1);
    expect((await openAs(hal!)).count).toBe(2);
    expect((await openAs(hal!)).count).toBe(2); // a second tab
  });

  it('reaches everyone coalesced: 30 connects at once give a couple of broadcasts of the count only', async () => {
    const [watcherUser, ...arriving] = await seedUsers('burst_', 31);
    const { socket: watcher, count: before } = await openAs(watcherUser!);
    expect(before).toBe(1);
    const updates: unknown[] = [];
    watcher.on('activeUsersUpdate', (payload: unknown) => updates.push(payload));

    const reachedAll = nextEvent<ActiveUsersUpdate>(
      watcher,
      'activeUsersUpdate',
      (u) => u.count === 31,
      10_000,
    );
    await Promise.all(arriving.map((user) => openAs(user)));
    await reachedAll;
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // nothing more may follow

    expect(updates.length).toBeLessThanOrEqual(3);
    for (const update of updates) expect(Object.keys(update as object)).toEqual(['count']);
  });

  it('costs O(n) messages: 600 sockets connecting receive fewer than 10 presence messages each', async () => {
    const users = await seedUsers('many_', 600);
    let messages = 0;
    const lastCount = new Map<Socket, number>();
    await Promise.all(
      users.map(async (user) => {
        const socket = connectSocket(t.baseUrl);
        sockets.push(socket);
        for (const event of PRESENCE_EVENTS) socket.on(event, () => messages++);
        socket.on('activeUsersUpdate', (update: ActiveUsersUpdate) => lastCount.set(socket, update.count));
        if (!socket.connected) await nextEvent(socket, 'connect', () => true, 60_000);
        const counted = nextEvent(socket, 'activeUsersUpdate', () => true, 60_000);
        socket.emit('authenticate', user.token);
        await counted;
      }),
    );
    // Until everyone has heard the final count; the list sent to everyone on every connect cost n²/2 = 180,000.
    await waitFor(async () => sockets.every((socket) => lastCount.get(socket) === 600), 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(messages).toBeLessThan(10 * users.length);
  }, 120_000);
});
