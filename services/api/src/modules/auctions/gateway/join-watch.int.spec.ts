import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { draftJoinedSchema, type AuthenticatedPayload } from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import { RealtimePublisher } from '../../../gateway/realtime-publisher.js';
import { startTestApp, type TestApp, type TestUser } from '../../../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../../../test-support/socket-client.js';
import { createDraft } from '../../teams/__tests__/league-test-kit.js';

let t: TestApp;
let draftId: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.loginAdmin();
  draftId = (await createDraft(t, admin.token, 'Watch test draft'))._id;
});

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
});

async function openAs(user: TestUser): Promise<Socket> {
  const socket = connectSocket(t.baseUrl);
  sockets.push(socket);
  await connected(socket);
  const confirmed = nextEvent<AuthenticatedPayload>(socket, 'authenticated');
  socket.emit('authenticate', user.token);
  await confirmed;
  return socket;
}

async function join(socket: Socket, payload: Record<string, unknown>) {
  const joined = nextEvent(socket, 'draftJoined');
  socket.emit('joinDraft', payload);
  return draftJoinedSchema.parse(await joined);
}

describe('joinDraft mode', () => {
  it('a watcher (the big board) gets the room events but is never shown as present', async () => {
    const player = await openAs(await t.registerUser('watch_player'));
    const board = await openAs(await t.registerUser('watch_board'));
    const announced: unknown[] = [];
    player.on('userJoined', (payload: unknown) => announced.push(payload));
    player.on('userLeft', (payload: unknown) => announced.push(payload));

    expect((await join(player, { draftId })).activeUsers).toEqual([{ username: 'watch_player' }]);
    await join(board, { draftId, mode: 'watch' });
    const received = nextEvent(board, 'pickMade');
    t.app.get(RealtimePublisher).toDraft(draftId, 'pickMade', { pick: 1 });
    expect(await received).toEqual({ pick: 1 });

    // A second participant sees only the first one in the room; nobody heard of the board.
    const other = await openAs(await t.registerUser('watch_other'));
    const names = (await join(other, { draftId, mode: 'participate' })).activeUsers.map((u) => u.username);
    expect(names.sort()).toEqual(['watch_other', 'watch_player']);
    board.disconnect();
    const barrier = nextEvent(player, 'draftUpdated');
    t.app.get(RealtimePublisher).toAll('draftUpdated', { barrier: true });
    await barrier;
    expect(announced.map((payload) => (payload as { username: string }).username)).toEqual(['watch_other']);
  });

  it('refuses a mode other than participate or watch', async () => {
    const socket = await openAs(await t.registerUser('watch_bad'));
    const error = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('joinDraft', { draftId, mode: 'lurk' });
    expect((await error).message).toBe('mode must be participate or watch');
  });
});
