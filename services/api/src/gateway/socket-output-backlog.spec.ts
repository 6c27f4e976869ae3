import type { Socket as ServerSocket } from 'socket.io';
import type { Socket as ClientSocket } from 'socket.io-client';
import { socketPair, type SocketPair } from '../test-support/socket-pair.js';
import { limitSocketBacklog } from './socket-output-backlog.js';

const MAX_BYTES = 10_000;

interface EngineTransport {
  writable: boolean;
  emit(event: string): boolean;
}

describe('limitSocketBacklog', () => {
  let pair: SocketPair;
  let client: ClientSocket;
  let serverSocket: ServerSocket;
  let overflows: Array<{ id: string; bytes: number }>;

  beforeEach(async () => {
    overflows = [];
    pair = await socketPair((server) =>
      limitSocketBacklog(server, MAX_BYTES, (id, bytes) => overflows.push({ id, bytes })),
    );
    ({ client, serverSocket } = pair);
  });

  afterEach(() => pair.close());

  /** What a client that stopped reading looks like to the server: its transport does not take packets. */
  const stallTransport = (): EngineTransport => {
    const transport = (serverSocket.conn as unknown as { transport: EngineTransport }).transport;
    transport.writable = false;
    return transport;
  };

  it('closes a socket whose unsent packets pass the limit (a client that stops reading grew the heap for good)', async () => {
    // A probe: 20 polling clients that never asked for their packets but sent joinDraft every second (and pongs)
    // grew the heap by 45 MB a minute, without end.
    stallTransport();
    const gone = new Promise<string>((resolve) => client.once('disconnect', (reason) => resolve(reason)));
    for (let i = 0; i < 12; i++) serverSocket.emit('draftJoined', { chatHistory: 'x'.repeat(1_000) });
    const engineId = (serverSocket.conn as unknown as { id: string }).id;
    expect(overflows).toEqual([{ id: engineId, bytes: expect.any(Number) }]);
    expect(overflows[0]!.bytes).toBeGreaterThan(MAX_BYTES);
    expect(serverSocket.disconnected).toBe(true);
    expect(await gone).toBe('transport close');
  });

  it('counts only what waits: packets written as they come never add up', async () => {
    for (let round = 0; round < 5; round++) {
      const received = new Promise((resolve) => client.once('bidPlaced', resolve));
      for (let i = 0; i < 5; i++) serverSocket.emit('bidPlaced', { auction: 'x'.repeat(1_000) });
      await received;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // A short stall under the limit is caught up once the transport takes packets again.
    const transport = stallTransport();
    for (let i = 0; i < 5; i++) serverSocket.emit('bidPlaced', { auction: 'y'.repeat(1_000) });
    const caughtUp = new Promise((resolve) => client.on('bidPlaced', (payload) => resolve(payload)));
    transport.writable = true;
    transport.emit('ready'); // what a transport says once it takes packets again
    await caughtUp;
    expect(overflows).toEqual([]);
    expect(serverSocket.connected).toBe(true);
  });
});
