import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { auctionOf, bid, createLeague, eventually, nominate } from './__tests__/auction-test-kit.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = (instant: number) => sleep(Math.max(0, instant - Date.now()));

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/**
 * "A bid counts when it arrives strictly before the deadline" (ADR 0006): an HTTP bid's time is when the API received
 * it, as a socket bid's is, not when its token had been checked. Checking the token reads PostgreSQL
 * (users, revoked_tokens), which takes longer the busier the database is at the deadline: stamped after that read, a
 * bid received 400 ms before the deadline was refused as "The auction has ended".
 */
describe('an HTTP bid at the deadline', () => {
  it('counts from when it arrived, even when checking its token ends after the deadline', async () => {
    const league = await createLeague(t, {
      prefix: 'arrival',
      settings: { auctionTimeLimit: 2, bidTimeReset: 2 },
    });
    const [nominator, bidder] = league.users;
    const opened = await nominate(t, nominator!.token, { draftId: league.draftId, playerId: '9221' });
    expect(opened.status).toBe(201);
    const auctionId = opened.body.data.auction!._id;
    const deadline = Date.parse(opened.body.data.auction!.deadline!);

    // Token checks wait on this lock, as on a busy database: from 400 ms before the deadline until 30 ms after it
    // (well before the auction's timer, 150 ms after the deadline).
    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await until(deadline - 600);
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE revoked_tokens IN ACCESS EXCLUSIVE MODE');
      await until(deadline - 400);
      const sentAt = Date.now();
      const placed = bid(t, bidder!.token, auctionId, { bidAmount: 2, teamId: league.teams[1]!._id });
      await until(deadline + 30);
      await locker.query('COMMIT');
      const answer = await placed;
      expect(sentAt).toBeLessThan(deadline - 300);
      expect(answer.body.message).toBe('Bid placed: $2');
      expect(answer.status).toBe(200);
    } finally {
      await locker.end();
    }

    // The bid was received ~400 ms before the deadline: it leaves the clock ~1.6 s after the old deadline.
    const running = await auctionOf(t, nominator!.token, league.draftId);
    expect(running.auction?._id).toBe(auctionId);
    expect(Date.parse(running.auction!.deadline!)).toBeGreaterThan(deadline + 1000);
    const completed = await eventually(
      () => auctionOf(t, nominator!.token, league.draftId),
      (data) => data.auction === null,
    );
    expect(completed.lastCompletedAuction).toMatchObject({ _id: auctionId, winningBid: 2 });
    expect(completed.lastCompletedAuction!.winner!._id).toBe(league.teams[1]!._id);
  }, 30_000);
});
