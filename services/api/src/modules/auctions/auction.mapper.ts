import { AUCTION_RECENT_BIDS, type Auction as AuctionJson, type AuctionTeam } from '@auction/contracts';
import type { Auction, AuctionBid, CompletedAuction, DraftState } from '@auction/domain';
import { teamRefOr } from './team-directory.js';

/** Every team an auction's wire shape names (nominator, high bidder and recent bidders), to look names up once. */
export function teamsNamedBy(auction: Auction, recentBids: readonly AuctionBid[]): string[] {
  return [auction.nominatedBy, auction.currentBidder, ...recentBids.map((bid) => bid.teamId)];
}

/** Milliseconds left by the server clock (frozen while paused, 0 once the deadline passed). */
export function auctionMsLeft(auction: Auction, now: number): number {
  if (auction.pausedTimeLeftMs !== null) return auction.pausedTimeLeftMs;
  return Math.max(0, Date.parse(auction.deadline) - now);
}

/** Whole seconds, rounded up: the countdown shows 1 until the very end. */
export const secondsLeft = (ms: number): number => Math.ceil(ms / 1000);

/**
 * The wire shape of an open or completed auction (contracts' auctionSchema), timed by the server clock `now`.
 * `recentBids` are its latest bids, oldest first (RecentBids); the wire carries the last AUCTION_RECENT_BIDS, newest
 * first.
 */
export function toAuctionJson(
  draftId: string,
  auction: Auction | CompletedAuction,
  recentBids: readonly AuctionBid[],
  refs: Map<string, AuctionTeam>,
  state: Pick<DraftState, 'status'>,
  now: number,
): AuctionJson {
  const completed = 'winnerTeamId' in auction ? auction : null;
  const msLeft = completed ? 0 : auctionMsLeft(auction, now);
  const status = completed ? 'completed' : state.status === 'paused' ? 'paused' : 'active';
  return {
    _id: auction.auctionId,
    draftId,
    status,
    playerId: auction.playerId,
    playerName: auction.playerName,
    position: auction.position,
    nflTeam: auction.nflTeam,
    projectedPoints: auction.projectedPoints,
    openingBid: auction.openingBid,
    currentBid: auction.currentBid,
    currentBidder: teamRefOr(refs, auction.currentBidder),
    nominatedBy: teamRefOr(refs, auction.nominatedBy),
    bids: recentBids
      .slice(-AUCTION_RECENT_BIDS)
      .reverse()
      .map((bid) => {
        const team = teamRefOr(refs, bid.teamId);
        return {
          team,
          teamName: team.name,
          teamNumber: team.teamNumber,
          amount: bid.amount,
          at: bid.at,
          proxy: bid.proxy === true,
        };
      }),
    bidCount: auction.bidCount,
    timeLeft: secondsLeft(msLeft),
    timeLimit: auction.timeLimit,
    startedAt: auction.startedAt,
    deadline: completed || auction.pausedTimeLeftMs === null ? auction.deadline : null,
    timeLeftMs: msLeft,
    serverTime: new Date(now).toISOString(),
    autoNominated: auction.auto,
    winner: completed ? teamRefOr(refs, completed.winnerTeamId) : null,
    winningBid: completed ? completed.winningBid : null,
    completedAt: completed ? completed.completedAt : null,
  };
}
