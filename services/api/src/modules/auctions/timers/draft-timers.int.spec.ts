import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DraftAuctionData } from '@auction/contracts';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { ApiMetrics } from '../../../infrastructure/metrics/api-metrics.js';
import { bullmqPrefixFor } from '../../../infrastructure/redis/redis-namespace.js';
import { deleteRedisKeys, startTestApp, type TestApp } from '../../../test-support/app-harness.js';
import {
  auctionOf,
  bid,
  createLeague,
  eventually,
  nominate,
  type League,
} from '../__tests__/auction-test-kit.js';
import { poolOf } from '../../teams/__tests__/league-test-kit.js';
import { COMPLETE_AUCTION_JOB, DRAFT_TIMERS_QUEUE, TIMER_GRACE_MS } from './draft-timers.constants.js';
import { DraftTimersQueue } from './draft-timers.queue.js';
import { SWEEP_SLACK_MS } from './draft-timers.sweeper.js';

/**
 * The earliest the PostgreSQL sweep fires a deadline: an auction completed sooner after its deadline was completed
 * by its queued job, i.e. as precisely as before bids stopped re-arming the clock.
 */
const QUEUED_JOB_BOUND_MS = TIMER_GRACE_MS + SWEEP_SLACK_MS;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let metrics: ApiMetrics;
let redis: Redis;
let queue: Queue;
let leagues = 0;

beforeAll(async () => {
  t = await startTestApp();
  metrics = t.app.get(ApiMetrics);
  redis = new Redis(t.config.redisUrl, { maxRetriesPerRequest: null });
  queue = new Queue(DRAFT_TIMERS_QUEUE, { connection: redis, prefix: bullmqPrefixFor(t.redisNamespace) });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  redis?.disconnect();
  await t?.close();
});

async function league(): Promise<League> {
  leagues += 1;
  return createLeague(t, {
    prefix: `tarm${leagues}`,
    // A 2 s clock, reset to 2 s by each bid; budgets large enough for a long bidding war.
    settings: { auctionTimeLimit: 2, bidTimeReset: 2, budgetPerTeam: 500 },
  });
}

async function open(played: League): Promise<{ auctionId: string; deadline: number }> {
  const opened = await nominate(t, played.users[0]!.token, { draftId: played.draftId, playerId: '9221' });
  expect(opened.status).toBe(201);
  return {
    auctionId: opened.body.data.auction!._id,
    deadline: Date.parse(opened.body.data.auction!.deadline!),
  };
}

interface LastBid {
  amount: number;
  team: number;
  deadline: number;
}

/**
 * Teams 1 and 0 outbid each other `count` times, one bid every `everyMs`, sent to `hosts` in turn; answers the last
 * accepted bid.
 */
async function bidWar(
  played: League,
  auctionId: string,
  {
    count,
    everyMs,
    from = 2,
    hosts = [t],
  }: { count: number; everyMs: number; from?: number; hosts?: TestApp[] },
): Promise<LastBid> {
  let last: LastBid | undefined;
  for (let i = 0; i < count; i += 1) {
    const team = (i + 1) % 2;
    const amount = from + i;
    const placed = await bid(hosts[i % hosts.length]!, played.users[team]!.token, auctionId, {
      bidAmount: amount,
      teamId: played.teams[team]!._id,
    });
    expect(placed.status).toBe(200);
    const { deadline } = (placed.body.data as { auction: { deadline: string } }).auction;
    last = { amount, team, deadline: Date.parse(deadline) };
    await sleep(everyMs);
  }
  return last!;
}

/** This auction's completion jobs still waiting in the queue (delayed, waiting or running). */
async function queuedJobsOf(auctionId: string): Promise<number> {
  const jobs = await queue.getJobs(['delayed', 'wait', 'active', 'prioritized']);
  return jobs.filter((job) => job.id?.startsWith(`complete-${auctionId}-`)).length;
}

const arms = async (of = metrics) => ({
  added: await of.timerArmCount(COMPLETE_AUCTION_JOB, 'added'),
  postponed: await of.timerArmCount(COMPLETE_AUCTION_JOB, 'postponed'),
});

async function completion(played: League, deadline: number, withinMs: number) {
  const after = await eventually(
    () => auctionOf(t, played.users[0]!.token, played.draftId),
    (data: DraftAuctionData) => data.auction === null,
    Math.max(0, deadline - Date.now()) + withinMs,
  );
  return {
    auction: after.lastCompletedAuction!,
    lateMs: Date.parse(after.lastCompletedAuction!.completedAt!) - deadline,
  };
}

describe('a bid does not touch BullMQ', () => {
  it('40 bids over 3 clock lengths add one job; the auction completes at its final deadline', async () => {
    const played = await league();
    const before = await arms();
    const { auctionId, deadline: first } = await open(played);

    const last = await bidWar(played, auctionId, { count: 40, everyMs: 150 });
    // The bids pushed the deadline well past the first one, so the job fired early at least once.
    expect(last.deadline - first).toBeGreaterThan(4000);
    expect(await queuedJobsOf(auctionId)).toBe(1);

    const { auction, lateMs } = await completion(played, last.deadline, 5000);
    expect(auction).toMatchObject({ _id: auctionId, status: 'completed', winningBid: last.amount });
    expect(auction.winner!._id).toBe(played.teams[last.team]!._id);
    expect(lateMs).toBeGreaterThanOrEqual(0);
    expect(lateMs).toBeLessThan(QUEUED_JOB_BOUND_MS);

    const after = await arms();
    // Only the nomination added a job; each early fire moved it (about one per clock length), no bid did.
    expect(after.added - before.added).toBe(1);
    expect(after.postponed - before.postponed).toBeGreaterThanOrEqual(1);
    expect(after.postponed - before.postponed).toBeLessThanOrEqual(6);
    // The job that completed the auction leaves the queue once its run returns, a moment after the sale is read.
    await eventually(
      () => queuedJobsOf(auctionId),
      (queued) => queued === 0,
      3_000,
    );
  }, 60_000);

  it('pause and resume after extensions: the resume arms the clock again, completed at its deadline', async () => {
    const played = await league();
    const before = await arms();
    const { auctionId } = await open(played);
    await bidWar(played, auctionId, { count: 6, everyMs: 100 });

    const admin = await t.loginAdmin();
    const paused = await t.request('POST', `/api/drafts/${played.draftId}/pause`, { token: admin.token });
    expect(paused.status).toBe(200);
    await sleep(2500); // longer than the clock: a job left armed through the pause would have fired
    expect((await auctionOf(t, played.users[0]!.token, played.draftId)).auction?._id).toBe(auctionId);
    const resumed = await t.request('POST', `/api/drafts/${played.draftId}/resume`, { token: admin.token });
    expect(resumed.status).toBe(200);

    const last = await bidWar(played, auctionId, { count: 6, everyMs: 100, from: 8 });
    const { auction, lateMs } = await completion(played, last.deadline, 5000);
    expect(auction).toMatchObject({ _id: auctionId, status: 'completed', winningBid: last.amount });
    expect(auction.winner!._id).toBe(played.teams[last.team]!._id);
    expect(lateMs).toBeGreaterThanOrEqual(0);
    expect(lateMs).toBeLessThan(QUEUED_JOB_BOUND_MS);
    // The nomination and the resume: two jobs for twelve bids.
    expect((await arms()).added - before.added).toBe(2);
  }, 60_000);

  it('Redis loses its data after extensions and more bids follow: the auction still completes, once', async () => {
    const played = await league();
    const { auctionId } = await open(played);
    await bidWar(played, auctionId, { count: 10, everyMs: 100 });

    // The clock's only job is gone; this process still believes it armed one, so only the sweep can fire it.
    await deleteRedisKeys(t.config.redisUrl, t.redisNamespace);
    const last = await bidWar(played, auctionId, { count: 10, everyMs: 100, from: 12 });

    const { auction, lateMs } = await completion(played, last.deadline, 5000);
    expect(auction).toMatchObject({ _id: auctionId, status: 'completed', winningBid: last.amount });
    expect(auction.winner!._id).toBe(played.teams[last.team]!._id);
    expect(lateMs).toBeGreaterThanOrEqual(0);
    expect(lateMs).toBeLessThan(5000);
    const { rows } = await poolOf(t).query(`SELECT count(*)::int AS n FROM picks WHERE draft_id = $1`, [
      played.draftId,
    ]);
    expect(rows).toEqual([{ n: 1 }]);
  }, 60_000);

  it('two instances on one database, bids sent to both in turn: one job each at most, completed once at the deadline', async () => {
    const second = await startTestApp({ shareDatabaseWith: t });
    try {
      const secondMetrics = second.app.get(ApiMetrics);
      const played = await league();
      const before = [await arms(), await arms(secondMetrics)];
      const { auctionId } = await open(played);
      const last = await bidWar(played, auctionId, { count: 30, everyMs: 150, hosts: [second, t] });

      const { auction, lateMs } = await completion(played, last.deadline, 5000);
      expect(auction).toMatchObject({ _id: auctionId, status: 'completed', winningBid: last.amount });
      expect(auction.winner!._id).toBe(played.teams[last.team]!._id);
      expect(lateMs).toBeGreaterThanOrEqual(0);
      expect(lateMs).toBeLessThan(QUEUED_JOB_BOUND_MS);
      // The nominating instance armed the first deadline, the other its first bid's; no later bid armed anything.
      const after = [await arms(), await arms(secondMetrics)];
      expect(after[0]!.added - before[0]!.added).toBe(1);
      expect(after[1]!.added - before[1]!.added).toBe(1);
      const { rows } = await poolOf(t).query(`SELECT count(*)::int AS n FROM picks WHERE draft_id = $1`, [
        played.draftId,
      ]);
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await second.close();
    }
  }, 90_000);
});

/**
 * BullMQ adds nothing for a job id it still holds, and a deadline's job id is fixed by the deadline: a job that failed
 * for good (retries spent while Redis or the database was away) would stay that deadline's only job after a restart,
 * and the clock would wait for the PostgreSQL sweep. The start-up's re-arm replaces such a dead job.
 */
describe("a restart finds its deadline's job failed for good", () => {
  it('replaces the dead job with a live one, which completes the auction at its deadline', async () => {
    const first = await startTestApp();
    const prefix = bullmqPrefixFor(first.redisNamespace);
    const firstQueue = new Queue(DRAFT_TIMERS_QUEUE, { connection: redis, prefix });
    const workerRedis = new Redis(first.config.redisUrl, { maxRetriesPerRequest: null });
    let second: TestApp | undefined;
    try {
      // The first instance takes no more timer jobs (its worker gone, as in a crash), so the job fails in ours.
      await (first.app.get(DraftTimersQueue) as unknown as { worker: Worker }).worker.close();
      const played = await createLeague(first, {
        prefix: 'deadjob',
        settings: { auctionTimeLimit: 10, bidTimeReset: 2 },
      });
      const opened = await nominate(first, played.users[0]!.token, {
        draftId: played.draftId,
        playerId: '9221',
      });
      expect(opened.status).toBe(201);
      const auctionId = opened.body.data.auction!._id;
      const deadline = Date.parse(opened.body.data.auction!.deadline!);
      const [armed] = (await firstQueue.getJobs(['delayed'])).filter((job) =>
        job.id?.startsWith(`complete-${auctionId}-`),
      );
      expect(armed).toBeDefined();
      const jobId = armed!.id!;

      const failing = new Worker(
        DRAFT_TIMERS_QUEUE,
        () => Promise.reject(new UnrecoverableError('lost while Redis was away')),
        { connection: workerRedis, prefix },
      );
      await armed!.promote();
      await eventually(
        () => firstQueue.getJobState(jobId),
        (state) => state === 'failed',
      );
      await failing.close();

      // The restart: a new instance on the same database and Redis arms every active draft's clock as it starts.
      second = await startTestApp({ shareDatabaseWith: first });
      await eventually(
        () => firstQueue.getJobState(jobId),
        (state) => state === 'delayed',
      );
      expect(Date.now()).toBeLessThan(deadline);

      const after = await eventually(
        () => auctionOf(second!, played.users[0]!.token, played.draftId),
        (data: DraftAuctionData) => data.auction === null,
        Math.max(0, deadline - Date.now()) + 5000,
      );
      expect(after.lastCompletedAuction).toMatchObject({
        _id: auctionId,
        status: 'completed',
        winningBid: 1,
      });
      // Fired by the live job, not left to the sweep.
      const lateMs = Date.parse(after.lastCompletedAuction!.completedAt!) - deadline;
      expect(lateMs).toBeGreaterThanOrEqual(0);
      expect(lateMs).toBeLessThan(QUEUED_JOB_BOUND_MS);
    } finally {
      await second?.close();
      await firstQueue.close();
      workerRedis.disconnect();
      await first.close();
    }
  }, 90_000);
});
