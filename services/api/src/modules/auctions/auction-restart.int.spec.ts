import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DraftAuctionData, PicksData } from '@auction/contracts';
import { databaseNameOf } from '../../config/config.js';
import { bullmqPrefixFor, redisNamespaceFor } from '../../infrastructure/redis/redis-namespace.js';
import {
  buildApi,
  dropProcessDatabase,
  startApiProcess,
  type ApiProcess,
} from '../../test-support/api-process.js';
import { deleteRedisKeys, newDatabaseUrl } from '../../test-support/app-harness.js';
import { auctionOf, bid, createLeague, eventually, nominate } from './__tests__/auction-test-kit.js';

const GIBBS = '9221';
const databaseUrl = newDatabaseUrl();
const running: ApiProcess[] = [];

beforeAll(async () => {
  await buildApi();
}, 180_000);

afterAll(async () => {
  for (const api of running) await api.kill('SIGKILL');
  await dropProcessDatabase(databaseUrl);
});

async function start(): Promise<ApiProcess> {
  const api = await startApiProcess(databaseUrl);
  running.push(api);
  return api;
}

describe('timers survive a crash', () => {
  it('kill -9 mid-auction, start again: the auction completes with the accepted bid', async () => {
    const first = await start();
    const admin = await first.loginAdmin();
    const league = await createLeague(first, {
      prefix: 'rst',
      settings: { auctionTimeLimit: 3, bidTimeReset: 3 },
      loadPlayers: async () => {
        const synced = await first.request('POST', '/api/players/sync', { token: admin.token });
        if (synced.status !== 200) throw new Error(`sync answered ${synced.status}: ${synced.body.message}`);
      },
    });
    const [alice, bob] = league.users;
    expect((await nominate(first, alice!.token, { draftId: league.draftId, playerId: GIBBS })).status).toBe(
      201,
    );
    const { auction } = await auctionOf(first, bob!.token, league.draftId);
    const accepted = await bid(first, bob!.token, auction!._id, {
      bidAmount: 4,
      teamId: league.teams[1]!._id,
    });
    expect(accepted.status).toBe(200);
    const deadline = Date.parse((accepted.body.data as { auction: { deadline: string } }).auction.deadline);

    await first.kill('SIGKILL');
    // Also lose every queued timer: the restarted API must re-arm the clock from the event log alone.
    const name = databaseNameOf(databaseUrl);
    await deleteRedisKeys(
      process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379',
      bullmqPrefixFor(redisNamespaceFor(name)),
    );
    // Restart after the deadline: the auction is overdue and must be completed at once.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now() + 300)));

    const second = await start();
    const after = await eventually(
      () => auctionOf(second, alice!.token, league.draftId),
      (data: DraftAuctionData) => data.auction === null,
      15_000,
    );
    expect(after.lastCompletedAuction).toMatchObject({
      _id: auction!._id,
      winningBid: 4,
      status: 'completed',
    });
    expect(after.lastCompletedAuction!.winner!._id).toBe(league.teams[1]!._id);
    const picks = await second.request<PicksData>('GET', `/api/drafts/${league.draftId}/picks`, {
      token: alice!.token,
    });
    expect(picks.body.data.picks).toEqual([
      expect.objectContaining({
        pickNumber: 1,
        playerId: GIBBS,
        cost: 4,
        teamId: expect.objectContaining({ _id: league.teams[1]!._id }),
      }),
    ]);
  }, 120_000);
});
