import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUCTION_RECENT_BIDS } from '@auction/contracts';
import type { QueryRunner } from 'typeorm';
import { AuctionRecentBids1763781430000 } from '../../infrastructure/database/migrations/1763781430000-auction-recent-bids.js';
import { AuctionRecentBidsFive1763781440000 } from '../../infrastructure/database/migrations/1763781440000-auction-recent-bids-five.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { LeagueReadModelsRebuilder } from '../drafts/index.js';
import { auctionOf, bid, createLeague, nominate, type League } from './__tests__/auction-test-kit.js';

// ADR 0020: the decider keeps a bid count; the live views read the bids from the auctions read model.
const GIBBS = '9221';
const BIDS = AUCTION_RECENT_BIDS + 5;

let one: TestApp;
let two: TestApp;
let league: League;
let auctionId: string;

beforeAll(async () => {
  one = await startTestApp();
  two = await startTestApp({ shareDatabaseWith: one });
  league = await createLeague(one, { prefix: 'rb', settings: { budgetPerTeam: 200 } });
  const opened = await nominate(one, league.users[0]!.token, { draftId: league.draftId, playerId: GIBBS });
  expect(opened.status).toBe(201);
  auctionId = (await auctionOf(one, league.users[0]!.token, league.draftId)).auction!._id;
  // Alternating bids $2..$BIDS+1: team 2 bids the even amounts.
  for (let amount = 2; amount <= BIDS + 1; amount += 1) {
    const user = league.users[(amount - 1) % 2]!;
    const answer = await bid(one, user.token, auctionId, {
      bidAmount: amount,
      teamId: league.teams[(amount - 1) % 2]!._id,
    });
    expect(answer.status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await two?.close();
  await one?.close();
});

const row = async () =>
  (
    await poolOf(one).query<{ bid_count: number; recent_bids: { teamId: string; amount: number }[] }>(
      'SELECT bid_count, recent_bids FROM auctions WHERE id = $1',
      [auctionId],
    )
  ).rows[0]!;

describe('the latest bids of an auction', () => {
  it('are counted and the latest AUCTION_RECENT_BIDS shown, newest first, from the read model', async () => {
    const { auction } = await auctionOf(one, league.users[1]!.token, league.draftId);
    expect(auction!.bidCount).toBe(BIDS + 1);
    expect(auction!.bids.map((b) => b.amount)).toEqual(
      Array.from({ length: AUCTION_RECENT_BIDS }, (_, i) => BIDS + 1 - i),
    );
    expect(auction!.bids[0]!.team._id).toBe(league.teams[(BIDS + 1) % 2 === 0 ? 1 : 0]!._id);
    const stored = await row();
    expect(stored.bid_count).toBe(BIDS + 1);
    expect(stored.recent_bids.map((b) => b.amount)).toEqual(
      Array.from({ length: AUCTION_RECENT_BIDS }, (_, i) => BIDS + 2 - AUCTION_RECENT_BIDS + i),
    );
  });

  it('include a bid another instance placed', async () => {
    const next = BIDS + 2;
    const answer = await bid(two, league.users[(next - 1) % 2]!.token, auctionId, {
      bidAmount: next,
      teamId: league.teams[(next - 1) % 2]!._id,
    });
    expect(answer.status).toBe(200);
    const { auction } = await auctionOf(one, league.users[0]!.token, league.draftId);
    expect(auction!.bidCount).toBe(BIDS + 2);
    expect(auction!.bids[0]!.amount).toBe(next);
    expect(auction!.bids).toHaveLength(AUCTION_RECENT_BIDS);
  });

  it('are backfilled from the log by the migrations, and rebuilt the same', async () => {
    const before = await row();
    const pool = poolOf(one);
    await pool.query(`UPDATE auctions SET bid_count = 0, recent_bids = '[]'`);
    const runner = { query: (sql: string) => pool.query(sql) } as unknown as QueryRunner;
    await new AuctionRecentBids1763781430000().up(runner);
    await new AuctionRecentBidsFive1763781440000().up(runner);
    expect(await row()).toEqual(before);
    await one.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await row()).toEqual(before);
  });
});
