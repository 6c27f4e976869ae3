import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DraftAuctionData } from '@auction/contracts';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { databaseNameOf } from '../../config/config.js';
import { bullmqPrefixFor, redisNamespaceFor } from '../../infrastructure/redis/redis-namespace.js';
import { apiProcessSuite, type ApiProcess } from '../../test-support/api-process.js';
import { auctionOf, createLeague, eventually, nominate, type League } from './__tests__/auction-test-kit.js';
import { COMPLETE_AUCTION_JOB, DRAFT_TIMERS_QUEUE } from './timers/draft-timers.constants.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
/** The brief's bound: a deadline that passed fires within 5 s of the restart. */
const WITHIN_MS = 5000;
const suite = apiProcessSuite();
const { databaseUrl } = suite;
const prefix = bullmqPrefixFor(redisNamespaceFor(databaseNameOf(databaseUrl)));
let redis: Redis;

beforeAll(() => {
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
});

afterAll(() => {
  redis?.disconnect();
});

const start = () => suite.start();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let leagues = 0;
async function league(api: ApiProcess): Promise<League> {
  leagues += 1;
  return createLeague(api, {
    prefix: `crash${leagues}`,
    settings: { auctionTimeLimit: 3, bidTimeReset: 3 },
    loadPlayers: async () => {
      const admin = await api.loginAdmin();
      const synced = await api.request('POST', '/api/players/sync', { token: admin.token });
      if (synced.status !== 200) throw new Error(`sync answered ${synced.status}: ${synced.body.message}`);
    },
  });
}

/** Opens an auction and answers it with the id of the completion job its deadline arms. */
async function openAuction(api: ApiProcess, { users, draftId }: League, playerId: string) {
  const opened = await nominate(api, users[0]!.token, { draftId, playerId });
  expect(opened.status).toBe(201);
  const auction = opened.body.data.auction!;
  const deadline = Date.parse(auction.deadline!);
  return { auctionId: auction._id, deadline, jobId: `complete-${auction._id}-${deadline}` };
}

async function completedWithin(api: ApiProcess, { users, draftId }: League, ms: number) {
  return eventually(
    () => auctionOf(api, users[1]!.token, draftId),
    (data: DraftAuctionData) => data.auction === null,
    ms,
  );
}

describe('an auction timer after kill -9', () => {
  it('killed while the completion job runs: the restarted API completes the auction within 5 s', async () => {
    const first = await start();
    const played = await league(first);
    const { auctionId, jobId } = await openAuction(first, played, '9221');

    // Hold the draft stream's row so the completion's append waits: the job is then running, locked by the
    // worker, at the moment of the kill (the 150–180 ms window of the issue, made wide).
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT 1 FROM es_streams WHERE stream_id = $1 FOR UPDATE`, [
        `draft-${played.draftId}`,
      ]);
      const lockKey = `${prefix}:${DRAFT_TIMERS_QUEUE}:${jobId}:lock`;
      await eventually(
        () => redis.exists(lockKey),
        (exists) => exists === 1,
        15_000,
      );
      await first.kill('SIGKILL');
      await blocker.query('ROLLBACK');
    } finally {
      await blocker.end();
    }
    expect(await redis.exists(`${prefix}:${DRAFT_TIMERS_QUEUE}:${jobId}:lock`)).toBe(1);

    const second = await start();
    const restartedAt = Date.now();
    const after = await completedWithin(second, played, WITHIN_MS);
    expect(Date.now() - restartedAt).toBeLessThan(WITHIN_MS);
    expect(after.lastCompletedAuction).toMatchObject({ _id: auctionId, status: 'completed' });
    await second.kill('SIGKILL');
  }, 120_000);

  it('a failed job with the id the re-arm uses (a second crash) does not block the restart', async () => {
    const first = await start();
    const played = await league(first);
    const { auctionId, deadline, jobId } = await openAuction(first, played, '4866');
    await first.kill('SIGKILL');

    // What a second crash leaves behind: the deadline's job moved to failed ("stalled more than allowable
    // limit"). BullMQ then treats adding that job id again as a no-op.
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(DRAFT_TIMERS_QUEUE, { connection, prefix });
    const blocking = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const failing = new Worker(
      DRAFT_TIMERS_QUEUE,
      async () => {
        throw new Error('job stalled more than allowable limit');
      },
      { connection: blocking, prefix, autorun: false },
    );
    try {
      await queue.remove(jobId);
      await queue.add(
        COMPLETE_AUCTION_JOB,
        { draftId: played.draftId, auctionId },
        { jobId, attempts: 1, removeOnFail: false },
      );
      void failing.run();
      await eventually(
        () => queue.getJobState(jobId),
        (state) => state === 'failed',
        10_000,
      );
    } finally {
      await failing.close();
      await queue.close();
      connection.disconnect();
      blocking.disconnect();
    }
    await sleep(Math.max(0, deadline - Date.now() + 300));

    const second = await start();
    const restartedAt = Date.now();
    const after = await completedWithin(second, played, WITHIN_MS);
    expect(Date.now() - restartedAt).toBeLessThan(WITHIN_MS);
    expect(after.lastCompletedAuction).toMatchObject({ _id: auctionId, status: 'completed' });
    // Who fired it is a race, both correct: the start-up re-arm (which replaces the failed job) runs in the background
    // since the API must serve with Redis away, and the sweep's first pass fires a deadline this overdue at once.
    // Whether the failed job was replaced is therefore not asserted here.
    await second.kill('SIGKILL');
  }, 120_000);
});
