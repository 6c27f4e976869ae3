import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';
import { PacedRoomBroadcast, type NextTurn } from './paced-room-broadcast.js';

const ROOM = 'authenticated';
const CLIENTS = 25;

describe('PacedRoomBroadcast', () => {
  let http: HttpServer;
  let server: Server;
  let clients: ClientSocket[];
  let serverSockets: ServerSocket[];
  /** What happened on the server, in order: a slice written (its size), or something else the test notes. */
  let timeline: Array<number | string>;
  /** Per client (by index), the events it received. */
  let received: Array<Array<[string, unknown]>>;

  beforeEach(async () => {
    http = createServer();
    server = new Server(http);
    serverSockets = [];
    server.on('connection', (socket) => serverSockets.push(socket));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    clients = [];
    received = [];
    for (let index = 0; index < CLIENTS; index++) {
      const client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
      const events: Array<[string, unknown]> = [];
      client.onAny((event: string, payload: unknown) => events.push([event, payload]));
      received.push(events);
      clients.push(client);
      await new Promise<void>((resolve) => client.once('connect', resolve));
    }
    await waitFor(() => serverSockets.length === CLIENTS);
    // Client i is serverSockets[i]: they connected one after another.
    serverSockets.forEach((socket, index) => {
      if (index < CLIENTS - 3) void socket.join(ROOM);
    });
    timeline = [];
    const adapter = server.of('/').adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet, opts) => {
      timeline.push(opts.rooms.size);
      broadcast(packet, opts);
    };
  });

  afterEach(async () => {
    for (const client of clients) client.close();
    await server.close();
  });

  async function waitFor(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Resolves once every client has received `count` events, or fails; then a little longer, to catch extras. */
  async function settled(expected: (index: number) => number): Promise<void> {
    await waitFor(() => received.every((events, index) => events.length >= expected(index)));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const inRoom = (index: number) => index < CLIENTS - 3;

  it('reaches every socket of the room once, a slice per turn, and no socket outside it', async () => {
    const turns: number[] = [];
    const nextTurn: NextTurn = async () => {
      turns.push(timeline.length);
    };
    await new PacedRoomBroadcast(10, nextTurn).send(server, ROOM, 'activeUsersUpdate', { count: 22 });
    await settled((index) => (inRoom(index) ? 1 : 0));

    expect(timeline).toEqual([10, 10, 2]);
    expect(turns).toEqual([1, 2]);
    received.forEach((events, index) =>
      expect(events).toEqual(inRoom(index) ? [['activeUsersUpdate', { count: 22 }]] : []),
    );
  });

  it('lets the I/O that is ready run between slices', async () => {
    setImmediate(() => timeline.push('other work'));
    await new PacedRoomBroadcast(10).send(server, ROOM, 'activeUsersUpdate', { count: 22 });
    expect(timeline).toEqual([10, 'other work', 10, 2]);
  });

  it('a newer send supersedes the rest of an older one: no socket gets the older value after the newer', async () => {
    const broadcast = new PacedRoomBroadcast(10);
    const older = broadcast.send(server, ROOM, 'activeUsersUpdate', { count: 1 });
    const newer = broadcast.send(server, ROOM, 'activeUsersUpdate', { count: 2 });
    await Promise.all([older, newer]);
    await settled((index) => (inRoom(index) ? 1 : 0));

    // The older send's first slice went out before the newer began; then only the newer.
    expect(timeline).toEqual([10, 10, 10, 2]);
    received.forEach((events, index) => {
      if (!inRoom(index)) return expect(events).toEqual([]);
      const counts = events.map(([, payload]) => (payload as { count: number }).count);
      expect(counts).toEqual(index < 10 ? [1, 2] : [2]);
    });
  });

  it('a socket that leaves the room before its slice is not sent to; an empty room sends nothing', async () => {
    const nextTurn: NextTurn = async () => {
      if (timeline.length === 1) await serverSockets[15]!.leave(ROOM);
    };
    await new PacedRoomBroadcast(10, nextTurn).send(server, ROOM, 'activeUsersUpdate', { count: 21 });
    await settled((index) => (inRoom(index) && index !== 15 ? 1 : 0));
    expect(timeline).toEqual([10, 9, 2]);
    expect(received[15]).toEqual([]);

    await new PacedRoomBroadcast(10).send(server, 'nobody', 'activeUsersUpdate', { count: 0 });
    expect(timeline).toEqual([10, 9, 2]);
  });

  it('a reserved event name (from a confused instance) rejects, for the caller to log, and breaks nothing after it', async () => {
    const broadcast = new PacedRoomBroadcast(10);
    await expect(broadcast.send(server, ROOM, 'disconnect', { count: 1 })).rejects.toThrow(/reserved/);
    await broadcast.send(server, ROOM, 'activeUsersUpdate', { count: 22 });
    await settled((index) => (inRoom(index) ? 1 : 0));
    received.forEach((events, index) =>
      expect(events).toEqual(inRoom(index) ? [['activeUsersUpdate', { count: 22 }]] : []),
    );
  });
});
