import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  buildApi,
  dropProcessDatabase,
  startApiProcess,
  startRedisServer,
  type ApiProcess,
  type RedisServerProcess,
} from '../../test-support/api-process.js';
import { newDatabaseUrl } from '../../test-support/app-harness.js';
import { within } from '../../test-support/within.js';
import { joinedDraftRoom } from '../../test-support/socket-client.js';
import { createLeague } from '../../modules/auctions/__tests__/auction-test-kit.js';

const databaseUrl = newDatabaseUrl();
let redis: RedisServerProcess | undefined;
let api: ApiProcess | undefined;

beforeAll(async () => {
  await buildApi();
}, 180_000);

afterAll(async () => {
  redis?.thaw();
  await api?.kill('SIGKILL');
  await redis?.stop();
  await dropProcessDatabase(databaseUrl);
});

const login = (host: ApiProcess, email: string, password: string) =>
  host.request('POST', '/api/auth/login', { body: { email, password } });

describe('rate limits while Redis is connected but answers nothing (ADR 0032)', () => {
  it('sign-ins and chat are answered, not held; once Redis answers again the limits count again', async () => {
    redis = await startRedisServer();
    api = await startApiProcess(databaseUrl, { REDIS_URL: redis.url });
    const host = api;
    const league = await createLeague(host, { prefix: 'stall', loadPlayers: async () => undefined });
    const { socket } = await joinedDraftRoom(host.baseUrl, league.users[0]!.token, league.draftId);

    redis.freeze();
    // A chat message is acknowledged (the per-user chat limit is not checked), and so is the next one: a socket's
    // messages are handled one at a time, so one held message used to stop its chat for good.
    for (const message of ['first while Redis is frozen', 'second']) {
      const ack: unknown = await within(
        5_000,
        socket.emitWithAck('chatMessage', { draftId: league.draftId, message }),
      );
      expect(ack).toEqual({ ok: true });
    }
    socket.disconnect();
    // The limiter gives up on a silent Redis after its command timeout (1 s) and lets the request through.
    const signedIn = await within(5_000, login(host, 'admin@example.com', 'admin123'));
    expect(signedIn.status).toBe(200);
    const refused = await within(5_000, login(host, 'admin@example.com', 'wrong-password'));
    expect(refused.status).toBe(401);

    redis.thaw();
    // Counting again: the 10th failure of a window blocks the next attempt.
    const email = `nobody-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      statuses.push((await within(5_000, login(host, email, 'wrong-password'))).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  }, 90_000);
});
