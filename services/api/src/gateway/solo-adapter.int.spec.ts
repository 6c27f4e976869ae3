import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { socketIoAdapterKeyFor } from '../infrastructure/redis/redis-namespace.js';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../test-support/socket-client.js';
import { RealtimePublisher } from './realtime-publisher.js';
import {
  PEER_HANDSHAKE_TIMEOUT_MS,
  PEER_POLL_MS,
  SoloAwareRedisAdapter,
} from './solo-aware-redis.adapter.js';
import { SocketServerRef } from './socket-server.ref.js';
import { draftRoom } from './socket-rooms.js';

const apps: TestApp[] = [];
const sockets: Socket[] = [];
const redisClients: Redis[] = [];
/**
 * A client that never reached its server keeps a timer after disconnect() (ioredis waits disconnectTimeout, 2 s by
 * default, for a close its refused socket already had): jest's worker then had to be force-exited.
 */
const CLOSE_AT_ONCE = { disconnectTimeout: 1 };

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

afterAll(async () => {
  for (const client of redisClients) client.disconnect();
  // The second instance first: the first owns the database.
  for (const app of apps.reverse()) await app.close();
});

function adapterOf(app: TestApp): SoloAwareRedisAdapter {
  const server = app.app.get(SocketServerRef).server;
  if (!server) throw new Error('no socket server');
  return server.of('/').adapter as unknown as SoloAwareRedisAdapter;
}

async function until(condition: () => boolean, what: string, timeoutMs = PEER_POLL_MS * 4): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A client of `app` put straight into a draft room (joinDraft's rules are not what is tested here). */
async function inRoom(app: TestApp, draftId: string): Promise<Socket> {
  const socket = await connected(connectSocket(app.baseUrl));
  sockets.push(socket);
  const server = app.app.get(SocketServerRef).server!;
  await until(() => server.sockets.sockets.size > 0, 'the server saw the socket');
  // Each app here has this one client.
  for (const serverSide of server.sockets.sockets.values()) await serverSide.join(draftRoom(draftId));
  return socket;
}

/** Every message published on the app's socket.io adapter channels. */
async function adapterTraffic(app: TestApp): Promise<string[]> {
  const subscriber = new Redis(app.config.redisUrl);
  redisClients.push(subscriber);
  const seen: string[] = [];
  subscriber.on('pmessage', (_pattern, channel) => seen.push(channel));
  await subscriber.psubscribe(`${socketIoAdapterKeyFor(app.redisNamespace)}#*`);
  return seen;
}

describe('socket.io adapter on one instance and on two (ADR 0025)', () => {
  it('keeps broadcasts off Redis while alone, publishes once a second instance starts, and stops after it left', async () => {
    const first = await startTestApp();
    apps.push(first);
    await until(() => adapterOf(first).isAlone(), 'the first instance knows it is alone');

    const traffic = await adapterTraffic(first);
    const local = await inRoom(first, 'draft-a');
    const received = nextEvent<{ n: number }>(local, 'probe');
    first.app.get(RealtimePublisher).toDraft('draft-a', 'probe', { n: 1 });
    expect(await received).toEqual({ n: 1 });
    // A publish would have reached the subscriber long before the local delivery was read back.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(traffic).toEqual([]);

    const second = await startTestApp({ shareDatabaseWith: first });
    apps.push(second);
    // The handshake finished before the second instance could serve a socket: the first publishes already.
    expect(adapterOf(first).isAlone()).toBe(false);
    const remote = await inRoom(second, 'draft-a');
    const both = [nextEvent<{ n: number }>(remote, 'probe'), nextEvent<{ n: number }>(local, 'probe')];
    first.app.get(RealtimePublisher).toDraft('draft-a', 'probe', { n: 2 });
    expect(await Promise.all(both)).toEqual([{ n: 2 }, { n: 2 }]);
    const back = nextEvent<{ n: number }>(local, 'probe');
    second.app.get(RealtimePublisher).toDraft('draft-a', 'probe', { n: 3 });
    expect(await back).toEqual({ n: 3 });
    expect(traffic.length).toBeGreaterThanOrEqual(2);

    await second.close();
    apps.pop();
    await until(() => adapterOf(first).isAlone(), 'the first instance is alone again');
    const after = traffic.length;
    const again = nextEvent<{ n: number }>(local, 'probe');
    first.app.get(RealtimePublisher).toDraft('draft-a', 'probe', { n: 4 });
    expect(await again).toEqual({ n: 4 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(traffic.length).toBe(after);
  }, 60_000);
});

describe('a starting instance while Redis does not answer', () => {
  it('serves after the handshake timeout instead of waiting for Redis, and publishes meanwhile', async () => {
    // Nothing listens on port 1: ioredis keeps the commands queued and retries, as with a Redis that is down.
    const unreachable = () =>
      new Redis({
        host: '127.0.0.1',
        port: 1,
        maxRetriesPerRequest: null,
        retryStrategy: () => 100,
        ...CLOSE_AT_ONCE,
      });
    const pub = unreachable();
    const sub = unreachable();
    redisClients.push(pub, sub);
    pub.on('error', () => undefined);
    sub.on('error', () => undefined);
    const namespace = { name: '/', server: { encoder: {} } } as unknown as ConstructorParameters<
      typeof SoloAwareRedisAdapter
    >[0];
    const adapter = new SoloAwareRedisAdapter(namespace, pub, sub, { key: 'auction:unreachable:socket.io' });
    const startedAt = Date.now();
    await adapter.ready();
    const waited = Date.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(PEER_HANDSHAKE_TIMEOUT_MS - 50);
    expect(waited).toBeLessThan(PEER_HANDSHAKE_TIMEOUT_MS + 1_000);
    expect(adapter.isAlone()).toBe(false);
    await adapter.close();
  }, 10_000);
  it('broadcasts while Redis gives its commands up: no unhandled rejection, this instance still broadcasts', async () => {
    // As the app's clients do (maxRetriesPerRequest 3), but giving up at once: each publish is rejected.
    const givingUp = () =>
      new Redis({
        host: '127.0.0.1',
        port: 1,
        maxRetriesPerRequest: 0,
        retryStrategy: () => 50,
        ...CLOSE_AT_ONCE,
      });
    const pub = givingUp();
    const sub = givingUp();
    redisClients.push(pub, sub);
    pub.on('error', () => undefined);
    sub.on('error', () => undefined);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const encoded: unknown[] = [];
      const namespace = {
        name: '/',
        server: { encoder: { encode: (packet: unknown) => (encoded.push(packet), []) } },
        sockets: new Map(),
      } as unknown as ConstructorParameters<typeof SoloAwareRedisAdapter>[0];
      const adapter = new SoloAwareRedisAdapter(namespace, pub, sub, { key: 'auction:giving-up:socket.io' });
      const room = new Set(['draft:x']);
      for (let i = 0; i < 5; i += 1)
        adapter.broadcast({ type: 2, data: ['bidPlaced', i], nsp: '/' }, { rooms: room, except: new Set() });
      // This instance's own sockets got every broadcast at once.
      expect(encoded).toHaveLength(5);
      // Observing the publishes' answers here would handle them; give ioredis time to give them up instead.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(pub.status).not.toBe('ready');
      expect(unhandled).toEqual([]);
      await adapter.close();
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  }, 10_000);
});
