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
import { SYNC_UNAVAILABLE } from './job/player-sync.constants.js';

/** The queue's client gives up on a silent Redis after 1 s (FAIL_FAST_COMMAND_TIMEOUT_MS). */
const ANSWER_WITHIN_MS = 5_000;
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

describe('POST /api/players/sync while Redis is away', () => {
  it('answers 503 at once when Redis is silent or down, and syncs once Redis is back', async () => {
    redis = await startRedisServer();
    api = await startApiProcess(databaseUrl, { REDIS_URL: redis.url });
    const host = api;
    const admin = await host.loginAdmin();
    const sync = () => host.request('POST', '/api/players/sync', { token: admin.token });
    const unavailable = { success: false, message: SYNC_UNAVAILABLE, data: null };

    redis.freeze();
    const whileSilent = await within(ANSWER_WITHIN_MS, sync());
    expect({ status: whileSilent.status, body: whileSilent.body }).toEqual({
      status: 503,
      body: unavailable,
    });

    redis.thaw();
    const synced = await within(15_000, sync());
    expect({ status: synced.status, message: synced.body.message }).toEqual({
      status: 200,
      message: 'Player sync completed',
    });

    await redis.stop();
    const whileDown = await within(ANSWER_WITHIN_MS, sync());
    expect({ status: whileDown.status, body: whileDown.body }).toEqual({ status: 503, body: unavailable });
    // The pool synced before the outage is still served.
    const players = await host.request('GET', '/api/players?limit=1', { token: admin.token });
    expect(players.status).toBe(200);
  }, 90_000);
});
