import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ROOM_JOIN_RATE_LIMIT,
  ROOM_JOINS_RATE_LIMITED_MESSAGE,
  ROOM_SOCKETS_PER_USER_MAX,
  TOO_MANY_ROOM_SOCKETS_MESSAGE,
  TOO_MANY_SOCKET_MESSAGES_IN_FLIGHT,
} from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { joinedDraftRoom, nextEvent, signedInSocket } from '../../test-support/socket-client.js';
import { createLeague, eventually } from './__tests__/auction-test-kit.js';

let t: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

describe('joinDraft is limited per socket (docs/product.md §14)', () => {
  it('a socket looping on joins gets the chat history a burst of times, then a clear error; others are unaffected', async () => {
    const league = await createLeague(t, { prefix: 'joinloop', start: false });
    // One join already made by the helper: the burst has one place fewer.
    const { socket } = await joinedDraftRoom(t.baseUrl, league.users[0]!.token, league.draftId);
    const { socket: neighbour } = await joinedDraftRoom(t.baseUrl, league.users[1]!.token, league.draftId);
    sockets.push(socket, neighbour);
    let joined = 0;
    const refusals: string[] = [];
    socket.on('draftJoined', () => (joined += 1));
    socket.on('error', (payload: { message: string }) => refusals.push(payload.message));

    const loops = 200;
    for (let i = 0; i < loops; i += 1) socket.emit('joinDraft', { draftId: league.draftId });
    // Each join is answered: draftJoined, or the error (a refusal is not acknowledged).
    await eventually(
      async () => joined + refusals.length,
      (answered) => answered === loops,
      10_000,
    );
    // The burst (less the first join), plus at most a refill or two while the loop ran.
    expect(joined).toBeGreaterThanOrEqual(ROOM_JOIN_RATE_LIMIT.burst - 1);
    expect(joined).toBeLessThanOrEqual(ROOM_JOIN_RATE_LIMIT.burst + 2);
    expect(refusals).toHaveLength(loops - joined);
    // Joins beyond the socket's messages in flight are refused before they are read (SOCKET_MESSAGES_IN_FLIGHT_MAX).
    expect(refusals).toContain(ROOM_JOINS_RATE_LIMITED_MESSAGE);
    expect(
      refusals.filter(
        (message) =>
          message !== ROOM_JOINS_RATE_LIMITED_MESSAGE && message !== TOO_MANY_SOCKET_MESSAGES_IN_FLIGHT,
      ),
    ).toEqual([]);

    // Another socket joins as usual, and this one again after a moment.
    const neighbourJoined = nextEvent(neighbour, 'draftJoined');
    neighbour.emit('joinDraft', { draftId: league.draftId });
    await neighbourJoined;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const again = nextEvent(socket, 'draftJoined');
    socket.emit('joinDraft', { draftId: league.draftId });
    await again;
  }, 60_000);
});

describe('one user has at most ROOM_SOCKETS_PER_USER_MAX sockets in a draft room (docs/product.md §14)', () => {
  it('refuses one more with a clear error, admits it once a tab closes, and leaves other users and rooms alone', async () => {
    // A join reads the whole room in Redis: one user's 1,500 sockets in a room made every league's joins slow.
    const league = await createLeague(t, { prefix: 'tabs', start: false });
    const other = await createLeague(t, { prefix: 'tabs2', start: false });
    const [tabUser, neighbour] = league.users;
    const tabs: Socket[] = [];
    for (let i = 0; i < ROOM_SOCKETS_PER_USER_MAX; i += 1) {
      const { socket } = await joinedDraftRoom(t.baseUrl, tabUser!.token, league.draftId);
      tabs.push(socket);
    }
    sockets.push(...tabs);
    // A tab already in the room may join it again.
    const rejoined = nextEvent(tabs[0]!, 'draftJoined');
    tabs[0]!.emit('joinDraft', { draftId: league.draftId });
    await rejoined;

    const extra = await signedInSocket(t.baseUrl, tabUser!.token);
    sockets.push(extra);
    const refused = nextEvent<{ message: string }>(extra, 'error');
    let joinedExtra = false;
    extra.on('draftJoined', () => (joinedExtra = true));
    extra.emit('joinDraft', { draftId: league.draftId });
    expect((await refused).message).toBe(TOO_MANY_ROOM_SOCKETS_MESSAGE);
    expect(joinedExtra).toBe(false);

    // Other rooms, and other users in this room, are not limited by it.
    const elsewhere = nextEvent(extra, 'draftJoined');
    extra.emit('joinDraft', { draftId: other.draftId });
    await elsewhere;
    const { socket: neighbourSocket, joined } = await joinedDraftRoom(
      t.baseUrl,
      neighbour!.token,
      league.draftId,
    );
    sockets.push(neighbourSocket);
    expect(
      (joined as { activeUsers: { username: string }[] }).activeUsers.map((u) => u.username).sort(),
    ).toEqual([tabUser!.user.username, neighbour!.user.username].sort());

    // A tab closes: its place is free.
    tabs.pop()!.disconnect();
    await eventually(
      async () => {
        const answer = Promise.race([
          nextEvent(
            extra,
            'draftJoined',
            (payload: { draftId?: string }) => payload.draftId === league.draftId,
            1_000,
          ).then(() => 'joined'),
          nextEvent<{ message: string }>(extra, 'error', () => true, 1_000).then(
            (payload) => payload.message,
          ),
        ]).catch(() => 'no answer');
        extra.emit('joinDraft', { draftId: league.draftId });
        return answer;
      },
      (answer) => answer === 'joined',
      10_000,
    );
  }, 60_000);
});

describe('joinDraft replaces: a reconnected tab takes its previous connection’s place (docs/product.md §14)', () => {
  it('closes the named connection if it is live, so naming a live tab cannot pass the cap; another user’s is ignored', async () => {
    const league = await createLeague(t, { prefix: 'replaces', start: false });
    const [tabUser, neighbour] = league.users;
    const { socket: neighbourSocket } = await joinedDraftRoom(t.baseUrl, neighbour!.token, league.draftId);
    sockets.push(neighbourSocket);
    const heard: string[] = [];
    neighbourSocket.on('userLeft', (event: { username: string }) => heard.push(`left ${event.username}`));
    neighbourSocket.on('userJoined', (event: { username: string }) => heard.push(`joined ${event.username}`));
    const tabs: Socket[] = [];
    for (let i = 0; i < ROOM_SOCKETS_PER_USER_MAX; i += 1) {
      tabs.push((await joinedDraftRoom(t.baseUrl, tabUser!.token, league.draftId)).socket);
    }
    sockets.push(...tabs);

    // Naming a live tab of one's own: that tab is closed by the server, and the room still sees the user.
    const named = tabs[0]!;
    const closed = nextEvent<string>(named, 'disconnect');
    const replacing = await signedInSocket(t.baseUrl, tabUser!.token);
    sockets.push(replacing);
    const joined = nextEvent(replacing, 'draftJoined');
    replacing.emit('joinDraft', { draftId: league.draftId, replaces: named.id });
    await joined;
    expect(await closed).toBe('io server disconnect');

    // Naming another user's socket counts for nothing: the room is full, and the neighbour stays connected.
    const another = await signedInSocket(t.baseUrl, tabUser!.token);
    sockets.push(another);
    const refused = nextEvent<{ message: string }>(another, 'error');
    another.emit('joinDraft', { draftId: league.draftId, replaces: neighbourSocket.id });
    expect((await refused).message).toBe(TOO_MANY_ROOM_SOCKETS_MESSAGE);
    expect(neighbourSocket.connected).toBe(true);

    // Anything but a socket id is refused with a clear message.
    for (const replaces of ['not a socket id', '', 'x'.repeat(65), 42]) {
      const invalid = nextEvent<{ message: string }>(another, 'error');
      another.emit('joinDraft', { draftId: league.draftId, replaces });
      expect((await invalid).message).toBe('replaces must be a socket id');
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(heard).toEqual([`joined ${tabUser!.user.username}`]);
  }, 60_000);
});
