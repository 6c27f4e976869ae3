import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SOCKET_FRAME_MAX_BYTES, SOCKET_PAYLOAD_MAX_BYTES } from '@auction/contracts';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { nextEvent, signedInSocket } from '../test-support/socket-client.js';

let t: TestApp;
let token = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.loginAdmin()).token;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

async function signedIn(): Promise<Socket> {
  const socket = await signedInSocket(t.baseUrl, token);
  sockets.push(socket);
  return socket;
}

describe('socket frame size', () => {
  it('is a few payloads, not 1 MB: the server tells clients so in the handshake', async () => {
    // Each socket held up to 1 MB of a frame still arriving: 300 sockets trickling 1 MB frames held 300 MB.
    expect(SOCKET_FRAME_MAX_BYTES).toBeGreaterThanOrEqual(6 * SOCKET_PAYLOAD_MAX_BYTES);
    const response = await fetch(`${t.baseUrl}/socket.io/?EIO=4&transport=polling`);
    const open = JSON.parse((await response.text()).slice(1)) as { maxPayload: number };
    expect(open.maxPayload).toBe(SOCKET_FRAME_MAX_BYTES);
  });

  it('answers a payload over 8 KB in a frame under the limit "Message is too large", and the socket stays', async () => {
    const socket = await signedIn();
    const tooLarge = nextEvent<{ message: string }>(socket, 'error');
    socket.emit('chatMessage', { draftId: 'x', message: 'x'.repeat(SOCKET_FRAME_MAX_BYTES / 2) });
    expect(await tooLarge).toEqual({ message: 'Message is too large' });
    expect(socket.connected).toBe(true);
  });

  it('ends the connection of a frame over the limit, and the socket can connect again', async () => {
    const socket = await signedIn();
    const gone = nextEvent<string>(socket, 'disconnect');
    socket.emit('chatMessage', { draftId: 'x', message: 'x'.repeat(SOCKET_FRAME_MAX_BYTES + 1) });
    expect(await gone).toMatch(/^transport (close|error)$/);
    expect((await signedIn()).connected).toBe(true);
  });
});
