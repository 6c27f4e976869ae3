import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { connectSocket, connected, nextEvent, signedInSocket } from '../test-support/socket-client.js';
import { INVALID_SOCKET_TOKEN, signInDeadlineMessage } from './app.gateway.js';

// A socket that never signs in is closed after SOCKET_AUTH_TIMEOUT_MS (30 s by default; 400 ms here).
const DEADLINE_MS = 400;

let t: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { SOCKET_AUTH_TIMEOUT_MS: String(DEADLINE_MS) } });
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

async function open(): Promise<Socket> {
  const socket = connectSocket(t.baseUrl);
  sockets.push(socket);
  return connected(socket);
}

const disconnectReason = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('a socket that does not sign in', () => {
  it('is told and disconnected once the sign-in deadline passes (it held ~14 KB of the server for good)', async () => {
    const socket = await open();
    const told = nextEvent<{ message: string }>(socket, 'authError', () => true, 5_000);
    const gone = disconnectReason(socket);
    expect(await told).toEqual({ message: signInDeadlineMessage(DEADLINE_MS) });
    expect(await gone).toBe('io server disconnect');
  });

  it('is disconnected at the deadline after a refused token as well', async () => {
    const socket = await open();
    const refused = nextEvent<{ message: string }>(socket, 'authError');
    socket.emit('authenticate', 'not-a-token');
    expect(await refused).toEqual({ message: INVALID_SOCKET_TOKEN });
    const told = nextEvent<{ message: string }>(socket, 'authError', () => true, 5_000);
    const gone = disconnectReason(socket);
    expect(await told).toEqual({ message: signInDeadlineMessage(DEADLINE_MS) });
    expect(await gone).toBe('io server disconnect');
  });

  it('leaves a socket that signed in connected past the deadline', async () => {
    const admin = await t.loginAdmin();
    const socket = await signedInSocket(t.baseUrl, admin.token);
    sockets.push(socket);
    const errors: unknown[] = [];
    socket.on('authError', (payload) => errors.push(payload));
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS * 3));
    expect(socket.connected).toBe(true);
    expect(errors).toEqual([]);
  });
});
