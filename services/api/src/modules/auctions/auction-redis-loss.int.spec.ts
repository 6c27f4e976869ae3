import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DraftAuctionData, PicksData } from '@auction/contracts';
import { deleteRedisKeys, startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { auctionOf, bid, createLeague, eventually, nominate } from './__tests__/auction-test-kit.js';

/** The brief's bound: an overdue deadline fires within 5 s whatever Redis lost. */
const WITHIN_MS = 5000;
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('Redis loses its data while the API runs', () => {
  it('the auction whose timer job was lost still completes within 5 s of its deadline, from PostgreSQL', async () => {
    const league = await createLeague(t, {
      prefix: 'rloss',
      settings: { auctionTimeLimit: 3, bidTimeReset: 3 },
    });
    const [alice, bob] = league.users;
    const opened = await nominate(t, alice!.token, { draftId: league.draftId, playerId: '9221' });
    expect(opened.status).toBe(201);
    const auctionId = opened.body.data.auction!._id;
    const accepted = await bid(t, bob!.token, auctionId, { bidAmount: 3, teamId: league.teams[1]!._id });
    expect(accepted.status).toBe(200);
    const deadline = Date.parse((accepted.body.data as { auction: { deadline: string } }).auction.deadline);

    // What a Redis restart without persistence, a failover or an eviction does to this API's keys: the delayed
    // completion job (and everything else of the namespace) is gone, while the API keeps running.
    await deleteRedisKeys(t.config.redisUrl, t.redisNamespace);

    const after = await eventually(
      () => auctionOf(t, alice!.token, league.draftId),
      (data: DraftAuctionData) => data.auction === null,
      Math.max(0, deadline - Date.now()) + WITHIN_MS,
    );
    expect(Date.now() - deadline).toBeLessThan(WITHIN_MS);
    expect(after.lastCompletedAuction).toMatchObject({ _id: auctionId, winningBid: 3, status: 'completed' });
    const completedAt = Date.parse(after.lastCompletedAuction!.completedAt!);
    expect(completedAt - deadline).toBeGreaterThanOrEqual(0);
    expect(completedAt - deadline).toBeLessThan(WITHIN_MS);
    const picks = await t.request<PicksData>('GET', `/api/drafts/${league.draftId}/picks`, {
      token: alice!.token,
    });
    expect(picks.body.data.picks).toEqual([
      expect.objectContaining({
        playerId: '9221',
        cost: 3,
        teamId: expect.objectContaining({ _id: league.teams[1]!._id }),
      }),
    ]);
  }, 60_000);
});
