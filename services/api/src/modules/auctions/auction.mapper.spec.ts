import { describe, expect, it } from '@jest/globals';
import { AUCTION_RECENT_BIDS, auctionSchema, type AuctionTeam } from '@auction/contracts';
import type { Auction, AuctionBid } from '@auction/domain';
import { teamsNamedBy, toAuctionJson } from './auction.mapper.js';

const DRAFT_ID = '11111111-1111-4111-8111-111111111111';
const teams = ['a', 'b', 'c'].map((letter, index) => ({
  _id: `${letter.repeat(8)}-${letter.repeat(4)}-4${letter.repeat(3)}-8${letter.repeat(3)}-${letter.repeat(12)}`,
  name: `Team ${letter.toUpperCase()}`,
  teamNumber: index + 1,
}));
const refs = new Map<string, AuctionTeam>(teams.map((team) => [team._id, team]));

/** An auction whose `count` bids rise by $1, alternating between the three teams, and all its bids. */
function auctionWithBids(count: number): { auction: Auction; bids: AuctionBid[] } {
  const start = Date.parse('2026-11-23T09:00:00.000Z');
  const bids = Array.from({ length: count }, (_, i) => ({
    teamId: teams[i % 3]!._id,
    amount: i + 1,
    at: new Date(start + i * 100).toISOString(),
  }));
  const auction: Auction = {
    auctionId: '22222222-2222-4222-8222-222222222222',
    playerId: '9221',
    playerName: 'Jahmyr Gibbs',
    position: 'RB',
    nflTeam: 'DET',
    projectedPoints: 307.9,
    nominatedBy: teams[0]!._id,
    openingBid: 1,
    currentBid: count,
    currentBidder: bids.at(-1)!.teamId,
    bidCount: count,
    startedAt: bids[0]!.at,
    deadline: new Date(start + 60_000).toISOString(),
    timeLimit: 30,
    pausedTimeLeftMs: null,
    auto: false,
  };
  return { auction, bids };
}

describe('toAuctionJson', () => {
  it('carries the latest bids only, newest first, and counts them all, so a live event stays the same size', () => {
    const { auction, bids } = auctionWithBids(AUCTION_RECENT_BIDS + 30);
    const json = auctionSchema.parse(
      toAuctionJson(DRAFT_ID, auction, bids, refs, { status: 'active' }, Date.parse(auction.startedAt)),
    );
    expect(json.bidCount).toBe(AUCTION_RECENT_BIDS + 30);
    expect(json.bids).toHaveLength(AUCTION_RECENT_BIDS);
    expect(json.bids.map((bid) => bid.amount)).toEqual(
      Array.from({ length: AUCTION_RECENT_BIDS }, (_, i) => AUCTION_RECENT_BIDS + 30 - i),
    );
    expect(json.bids[0]!.teamName).toBe(refs.get(auction.currentBidder)!.name);
  });

  it('carries every bid of a short auction', () => {
    const { auction, bids } = auctionWithBids(3);
    const json = toAuctionJson(DRAFT_ID, auction, bids, refs, { status: 'active' }, Date.now());
    expect(json.bidCount).toBe(3);
    expect(json.bids.map((bid) => bid.amount)).toEqual([3, 2, 1]);
  });

  it('names only the teams the wire shape shows', () => {
    const { auction, bids } = auctionWithBids(AUCTION_RECENT_BIDS);
    expect(teamsNamedBy(auction, bids)).toHaveLength(2 + AUCTION_RECENT_BIDS);
  });
});
