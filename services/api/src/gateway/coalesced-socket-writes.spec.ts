import type { Socket as ServerSocket } from 'socket.io';
import type { Socket as ClientSocket } from 'socket.io-client';
import { socketPair, type SocketPair } from '../test-support/socket-pair.js';
import { coalesceSocketWrites } from './coalesced-socket-writes.js';

type TcpSpy = { calls: number };

/** Counts the write system calls node makes on the server side of one socket's TCP connection. */
function spyOnTcpWrites(socket: ServerSocket): TcpSpy {
  const tcp = (socket.conn as unknown as { transport: { socket: { _socket: Record<string, unknown> } } })
    .transport.socket._socket;
  const spy = { calls: 0 };
  for (const method of ['_write', '_writev'] as const) {
    const original = tcp[method] as (...args: unknown[]) => unknown;
    tcp[method] = function (this: unknown, ...args: unknown[]) {
      spy.calls++;
      return original.apply(this, args);
    };
  }
  return spy;
}

function received(client: ClientSocket, count: number): Promise<Array<[string, unknown]>> {
  const events: Array<[string, unknown]> = [];
  return new Promise((resolve) => {
    client.onAny((event: string, payload: unknown) => {
      events.push([event, payload]);
      if (events.length === count) resolve(events);
    });
  });
}

describe('coalesceSocketWrites', () => {
  let pair: SocketPair;
  let client: ClientSocket;
  let serverSocket: ServerSocket;
  let failures: unknown[];

  async function start(coalesce: boolean): Promise<void> {
    failures = [];
    pair = await socketPair((server) => {
      if (coalesce) coalesceSocketWrites(server, (error) => failures.push(error));
    });
    ({ client, serverSocket } = pair);
  }

  afterEach(() => pair.close());

  it('sends the packets of one turn in one write, in order', async () => {
    await start(true);
    const spy = spyOnTcpWrites(serverSocket);
    const events = received(client, 3);
    serverSocket.emit('bidPlaced', { amount: 5 });
    serverSocket.emit('playerBid', { amount: 5 });
    serverSocket.emit('error', { message: 'Bid must be at least $6' });
    expect(await events).toEqual([
      ['bidPlaced', { amount: 5 }],
      ['playerBid', { amount: 5 }],
      ['error', { message: 'Bid must be at least $6' }],
    ]);
    expect(spy.calls).toBe(1);
    expect(failures).toEqual([]);
  });

  it('a 100 KB packet with NUL bytes and a lone surrogate shares the turn’s write and arrives whole, in order', async () => {
    await start(true);
    const spy = spyOnTcpWrites(serverSocket);
    const hostile = `\u0000${'x'.repeat(100_000)}\ud800\u0000`;
    const events = received(client, 3);
    serverSocket.emit('chatMessage', { message: hostile });
    serverSocket.emit('error', { message: 'Message is too long' });
    serverSocket.emit('chatMessage', { message: 'after' });
    expect(await events).toEqual([
      ['chatMessage', { message: hostile }],
      ['error', { message: 'Message is too long' }],
      ['chatMessage', { message: 'after' }],
    ]);
    expect(spy.calls).toBe(1);
  });

  it('is what makes the difference: without it the same three packets take three writes', async () => {
    await start(false);
    const spy = spyOnTcpWrites(serverSocket);
    const events = received(client, 3);
    serverSocket.emit('a', 1);
    serverSocket.emit('b', 2);
    serverSocket.emit('c', 3);
    await events;
    expect(spy.calls).toBe(3);
  });

  it('writes packets of later turns as they come, and room broadcasts and acks still arrive', async () => {
    await start(true);
    await serverSocket.join('room');
    serverSocket.on('bidOnPlayer', (payload: { amount: number }, ack: (answer: unknown) => void) =>
      ack({ accepted: true, amount: payload.amount }),
    );
    const events = received(client, 2);
    pair.server.to('room').emit('auctionStarted', { id: 1 });
    await new Promise((resolve) => setTimeout(resolve, 5));
    pair.server.to('room').emit('bidPlaced', { amount: 2 });
    expect(await events).toEqual([
      ['auctionStarted', { id: 1 }],
      ['bidPlaced', { amount: 2 }],
    ]);
    await expect(client.timeout(2_000).emitWithAck('bidOnPlayer', { amount: 3 })).resolves.toEqual({
      accepted: true,
      amount: 3,
    });
  });

  it('a socket closed in the same turn as a send neither throws nor reports a failure', async () => {
    await start(true);
    const disconnected = new Promise((resolve) => client.once('disconnect', resolve));
    serverSocket.emit('bidPlaced', { amount: 1 });
    serverSocket.disconnect(true);
    await disconnected;
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures).toEqual([]);
  });

  it('a write that throws is reported and closes that socket, not the process', async () => {
    await start(true);
    const transport = (serverSocket.conn as unknown as { transport: { send: () => void } }).transport;
    transport.send = () => {
      throw new Error('boom');
    };
    const disconnected = new Promise((resolve) => client.once('disconnect', resolve));
    serverSocket.emit('bidPlaced', { amount: 1 });
    await disconnected;
    expect(failures).toEqual([new Error('boom')]);
  });
});
