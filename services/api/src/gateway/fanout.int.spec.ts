import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { activeUsersUpdateSchema, type ActiveUsersUpdate } from '@auction/contracts';
import type { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import { TokenService } from '../common/auth/token.service.js';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { createDraft } from '../modules/teams/__tests__/league-test-kit.js';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../test-support/socket-client.js';
import type { Redis } from 'ioredis';
import { REDIS } from '../infrastructure/redis/redis.tokens.js';
import {
  ACTIVE_COUNT_MESSAGES_PER_SECOND,
  ACTIVE_COUNT_MIN_INTERVAL_MS,
  PresenceService,
} from './presence.service.js';
import { RealtimePublisher } from './realtime-publisher.js';

/**
 * Issue 10, the socket side (ADR 0021): room presence once per user and room even when joins race, draft-level
 * events to the draft's room and the draft-watchers room only, and the connected count coalesced.
 */

type SeededUser = { id: string; username: string; token: string };

let t: TestApp;
let adminToken = '';
let draftA = '';
let draftB = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await t.loginAdmin()).token;
  draftA = (await createDraft(t, adminToken, 'Fanout draft A'))._id;
  draftB = (await createDraft(t, adminToken, 'Fanout draft B'))._id;
});

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await waitFor(async () => (await t.app.get(PresenceService).activeUserCount()) === 0, 30_000);
});

afterAll(async () => {
  await t?.close();
});

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

async function openAs(user: SeededUser, before?: (socket: Socket) => void): Promise<Socket> {
  const socket = connectSocket(t.baseUrl);
  sockets.push(socket);
  await connected(socket);
  before?.(socket);
  const counted = nextEvent<ActiveUsersUpdate>(socket, 'activeUsersUpdate', () => true, 30_000);
  socket.emit('authenticate', user.token);
  activeUsersUpdateSchema.parse(await counted);
  return socket;
}

function join(socket: Socket, draftId: string): Promise<unknown> {
  const joined = nextEvent(socket, 'draftJoined', () => true, 30_000);
  socket.emit('joinDraft', { draftId });
  return joined;
}

function record(socket: Socket, ...events: string[]): Array<{ event: string; payload: unknown }> {
  const seen: Array<{ event: string; payload: unknown }> = [];
  socket.onAny((event: string, payload: unknown) => {
    if (events.includes(event)) seen.push({ event, payload });
  });
  return seen;
}

/** An event sent to everyone after the ones under test: once each socket has it, it has everything sent before. */
async function barrier(...targets: Socket[]): Promise<void> {
  const tag = Math.random().toString(36).slice(2);
  const seen = targets.map((socket) =>
    nextEvent(socket, 'fanoutBarrier', (payload: { tag?: string }) => payload.tag === tag),
  );
  t.app.get(RealtimePublisher).toAll('fanoutBarrier', { tag });
  await Promise.all(seen);
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const usernames = (seen: Array<{ payload: unknown }>) =>
  seen.map((entry) => (entry.payload as { username: string }).username).sort();

describe('room presence under racing joins', () => {
  it('announces each user once per room however many tabs join at once, and only in that room', async () => {
    const [watcherA, watcherB, ...arriving] = await seedUsers('race_', 8);
    const inA = await openAs(watcherA!);
    const inB = await openAs(watcherB!);
    await join(inA, draftA);
    await join(inB, draftB);
    const seenInA = record(inA, 'userJoined', 'userLeft');
    const seenInB = record(inB, 'userJoined', 'userLeft');

    // Six users with three tabs each, all joining draft A in the same turn.
    const tabs = await Promise.all(arriving.flatMap((user) => [openAs(user), openAs(user), openAs(user)]));
    await Promise.all(tabs.map((tab) => join(tab, draftA)));
    await barrier(inA, inB);

    expect(usernames(seenInA)).toEqual(arriving.map((user) => user.username).sort());
    expect(seenInA.every((entry) => entry.event === 'userJoined')).toBe(true);
    expect(seenInB).toEqual([]);
  });

  it('says the user left when the last of their tabs leaves, not before', async () => {
    const [stays, twoTabs] = await seedUsers('leave_', 2);
    const inRoom = await openAs(stays!);
    await join(inRoom, draftA);
    const first = await openAs(twoTabs!);
    const second = await openAs(twoTabs!);
    await Promise.all([join(first, draftA), join(second, draftA)]);
    const seen = record(inRoom, 'userJoined', 'userLeft');

    first.disconnect();
    await barrier(inRoom);
    // A disconnect is handled after the barrier's emit may have gone out: wait for the room to settle.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await barrier(inRoom);
    expect(seen).toEqual([]);

    const left = nextEvent<{ username: string }>(inRoom, 'userLeft');
    second.emit('leaveDraft', { draftId: draftA });
    expect((await left).username).toBe('leave_2');
    await barrier(inRoom);
    expect(seen.map((entry) => entry.event)).toEqual(['userLeft']);
  });
});

describe('draft-level events', () => {
  it("reach the draft's room and the draft-watchers room, not every socket", async () => {
    const [roomUser, watcherUser, earlyUser, bystanderUser] = await seedUsers('watch_', 4);
    const inRoom = await openAs(roomUser!);
    await join(inRoom, draftA);
    const watcher = await openAs(watcherUser!);
    const watching = nextEvent(watcher, 'draftUpdated', () => true, 5_000);
    await watcher.emitWithAck('watchDrafts');
    // Asked before authenticating: takes effect once the socket authenticates (no "Not authenticated" error).
    const early = await openAs(earlyUser!, (socket) => socket.emit('watchDrafts'));
    const earlyErrors = record(early, 'error');
    const bystander = await openAs(bystanderUser!);
    const bystanderSaw = record(bystander, 'draftUpdated', 'draftStarted', 'draftCompleted', 'playerUpdated');

    const inRoomGot = nextEvent(inRoom, 'draftUpdated', () => true, 5_000);
    const earlyGot = nextEvent(early, 'draftUpdated', () => true, 5_000);
    const renamed = await t.request('PUT', `/api/drafts/${draftA}`, {
      token: adminToken,
      body: { name: 'Fanout draft A renamed' },
    });
    expect(renamed.status).toBe(200);
    expect(await watching).toMatchObject({ draftId: draftA, action: 'updated' });
    expect(await inRoomGot).toMatchObject({ draftId: draftA });
    expect(await earlyGot).toMatchObject({ draftId: draftA });
    await barrier(bystander, early);
    expect(bystanderSaw).toEqual([]);
    expect(earlyErrors).toEqual([]);

    // Unwatched: the next change no longer reaches it.
    await watcher.emitWithAck('unwatchDrafts');
    const watcherSaw = record(watcher, 'draftUpdated');
    const again = nextEvent(
      inRoom,
      'draftUpdated',
      (p: { draft?: { name?: string } }) => p.draft?.name === 'Fanout draft A again',
    );
    await t.request('PUT', `/api/drafts/${draftA}`, {
      token: adminToken,
      body: { name: 'Fanout draft A again' },
    });
    await again;
    await barrier(watcher);
    expect(watcherSaw).toEqual([]);
  });
});

describe('the connected count', () => {
  it(`is broadcast at most once per ${ACTIVE_COUNT_MIN_INTERVAL_MS} ms while sockets keep connecting`, async () => {
    const [watcherUser, ...arriving] = await seedUsers('tick_', 41);
    const watcher = await openAs(watcherUser!);
    const broadcasts: number[] = [];
    watcher.on('activeUsersUpdate', () => broadcasts.push(Date.now()));
    // Connects spread over ~3 s: a broadcast for each change would be dozens.
    for (let wave = 0; wave < 8; wave++) {
      await Promise.all(arriving.slice(wave * 5, wave * 5 + 5).map((user) => openAs(user)));
      await new Promise((resolve) => setTimeout(resolve, 350));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(broadcasts.length).toBeGreaterThanOrEqual(2);
    const gaps = broadcasts.slice(1).map((at, i) => at - broadcasts[i]!);
    // Timestamps are taken on arrival; allow for delivery jitter on a loaded machine.
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(ACTIVE_COUNT_MIN_INTERVAL_MS - 150);
  });
});

describe('the count budget', () => {
  it('spaces broadcasts by the recipients they would reach now, so arrivals in between do not add up', async () => {
    // A presence of its own (another namespace), so the app's broadcaster does not take its broadcasts.
    const redis = t.app.get<Redis>(REDIS);
    const namespace = `${t.redisNamespace}budget-test:`;
    const presence = new PresenceService(redis, namespace);
    const addUsers = (from: number, count: number) =>
      Promise.all(
        Array.from({ length: count }, (_, i) => {
          const n = from + i;
          const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
          return presence.add(`socket-${n}`, { id, username: `budget_${n}`, role: 'user' });
        }),
      );
    try {
      await addUsers(0, 100);
      expect(await presence.takeCountBroadcast()).toBe(100);
      // 300 more arrive: the next broadcast would reach 400 sockets, so it waits 400 ÷ budget seconds.
      await addUsers(100, 300);
      const waitMs = (400 * 1000) / ACTIVE_COUNT_MESSAGES_PER_SECOND;
      const from = Date.now();
      let taken: number | null = null;
      while (taken === null && Date.now() - from < waitMs + 2_000) {
        taken = await presence.takeCountBroadcast();
        if (taken === null) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(taken).toBe(400);
      expect(Date.now() - from).toBeGreaterThanOrEqual(waitMs - 300);
      // Nothing changed since: nothing to send.
      await new Promise((resolve) => setTimeout(resolve, ACTIVE_COUNT_MIN_INTERVAL_MS));
      expect(await presence.takeCountBroadcast()).toBeNull();
    } finally {
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length > 0) await redis.del(...keys);
    }
  });
});
