import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DraftAuctionData } from '@auction/contracts';
import { Redis } from 'ioredis';
import {
  buildApi,
  dropProcessDatabase,
  freePort,
  startApiProcess,
  startRedisServer,
  type ApiProcess,
  type RedisServerProcess,
} from '../../test-support/api-process.js';
import { newDatabaseUrl } from '../../test-support/app-harness.js';
import { auctionOf, bid, createLeague, eventually, nominate } from './__tests__/auction-test-kit.js';

const GIBBS = '9221';
const CHASE = '7564';
/** Long enough for ioredis to be deep in its reconnect back-off, where a queued command waits several seconds. */
const OUTAGE_BEFORE_NOMINATING_MS = 8_000;
const databaseUrl = newDatabaseUrl();
let redis: RedisServerProcess | undefined;
let api: ApiProcess | undefined;
let lateRedis: RedisServerProcess | undefined;
let lateApi: ApiProcess | undefined;

beforeAll(async () => {
  await buildApi();
}, 180_000);

afterAll(async () => {
  await api?.kill('SIGKILL');
  await lateApi?.kill('SIGKILL');
  await redis?.stop();
  await lateRedis?.stop();
  await dropProcessDatabase(databaseUrl);
});

describe('a live draft while Redis is down', () => {
  it('nominations and bids are answered at once, and the sale at the deadline still happens', async () => {
    redis = await startRedisServer();
    api = await startApiProcess(databaseUrl, { REDIS_URL: redis.url });
    const host = api;
    const admin = await host.loginAdmin();
    const league = await createLeague(host, {
      prefix: 'outage',
      settings: { auctionTimeLimit: 3, bidTimeReset: 3 },
      loadPlayers: async () => {
        const synced = await host.request('POST', '/api/players/sync', { token: admin.token });
        if (synced.status !== 200) throw new Error(`sync answered ${synced.status}: ${synced.body.message}`);
      },
    });
    const [alice, bob] = league.users;

    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_BEFORE_NOMINATING_MS));

    // The nomination's answer must not wait for its timer to reach Redis: with a 3 s clock, an answer held through
    // ioredis's reconnect attempts arrives after the auction it opened has ended.
    const nominated = await nominate(host, alice!.token, { draftId: league.draftId, playerId: GIBBS });
    expect(nominated.status).toBe(201);
    const accepted = await bid(host, bob!.token, nominated.body.data.auction!._id, {
      bidAmount: 4,
      teamId: league.teams[1]!._id,
    });
    expect({ status: accepted.status, message: accepted.body.message }).toMatchObject({ status: 200 });

    // No timer job could be queued: the deadline is fired from PostgreSQL by the sweep.
    const after = await eventually(
      () => auctionOf(host, alice!.token, league.draftId),
      (data: DraftAuctionData) => data.auction === null,
      15_000,
    );
    expect(after.lastCompletedAuction).toMatchObject({ winningBid: 4, status: 'completed' });
    expect(after.lastCompletedAuction!.winner!._id).toBe(league.teams[1]!._id);

    // The draft moves on: the next team nominates, still without Redis.
    const next = await nominate(host, bob!.token, { draftId: league.draftId, playerId: CHASE });
    expect({ status: next.status, message: next.body.message }).toMatchObject({ status: 201 });

    // And it stops when told to, Redis still down (its clients would wait for a connection to close).
    await host.kill('SIGTERM');
    expect(host.child.exitCode !== null || host.child.signalCode !== null).toBe(true);
  }, 60_000);
});

describe('an API started while Redis is down', () => {
  it('serves at once (health 503), and arms the clocks in BullMQ once Redis comes', async () => {
    const port = await freePort();
    // Nothing listens on the port yet: start-up must not wait for BullMQ's first connection.
    lateApi = await startApiProcess(
      databaseUrl,
      { REDIS_URL: `redis://127.0.0.1:${port}` },
      { healthy: false },
    );
    const down = await lateApi.request('GET', '/api/health');
    expect(down.status).toBe(503);

    lateRedis = await startRedisServer(port);
    const host = lateApi;
    await eventually(
      async () => (await host.request('GET', '/api/health')).status,
      (status) => status === 200,
      20_000,
    );
    // The draft of the first test is still active with an auction open: its clock is armed again in the new Redis.
    const client = new Redis(lateRedis.url, { maxRetriesPerRequest: 1 });
    try {
      const jobs = await eventually(
        () => client.keys('*draft-timers*'),
        (keys) => keys.some((key) => /:delayed$/.test(key)),
        15_000,
      );
      expect(jobs.length).toBeGreaterThan(0);
    } finally {
      client.disconnect();
    }
  }, 90_000);
});
