// What manual and proxy bids share: the max-bid rule, the open auction a bid may go to, and the clock reset.
import { ConflictError } from '../shared/errors.js';
import { MIN_BID } from '../rules/limits.js';
import { toIso } from './draft.clock.js';
import type { BidPlaced } from './draft.events.js';
import { draftTeamBudget } from './draft.standings.js';
import type { DraftState } from './draft.state.js';
import type { Auction } from './draft.types.js';

/** A bid (or an opening bid, or a maximum bid) must leave the team $1 for each other open slot. */
export function assertWithinMaxBid(state: DraftState, teamId: string, amount: number): void {
  const budget = draftTeamBudget(state, teamId);
  if (budget.slotsRemaining === 0) throw new ConflictError('Team roster is full');
  if (amount <= budget.maxBid) return;
  if (budget.maxBid < MIN_BID) throw new ConflictError('Insufficient budget');
  throw new ConflictError(`Bid exceeds your max bid of $${budget.maxBid}`);
}

/** The auction `auctionId` if bids may go to it at `now`: open, not paused, its clock still running. */
export function requireBiddableAuction(state: DraftState, auctionId: string, now: number): Auction {
  if (state.status === 'paused') throw new ConflictError('The draft is paused');
  const { auction } = state;
  if (auction === null) throw new ConflictError('No auction is running');
  // A bid received at the deadline or after it, or for an earlier auction, is too late.
  if (auction.auctionId !== auctionId || now >= Date.parse(auction.deadline)) {
    throw new ConflictError('The auction has ended');
  }
  return auction;
}

/** An accepted bid on the open auction. Each leaves at least bidTimeReset seconds on the clock, never fewer. */
export function bidPlaced(
  state: DraftState,
  bid: { teamId: string; amount: number; now: number; at: string; proxy: boolean },
): BidPlaced {
  const auction = state.auction!;
  const deadline = Math.max(Date.parse(auction.deadline), bid.now + state.settings.bidTimeReset * 1000);
  return {
    type: 'BidPlaced',
    data: {
      auctionId: auction.auctionId,
      teamId: bid.teamId,
      amount: bid.amount,
      at: bid.at,
      deadline: toIso(deadline),
      ...(bid.proxy && { proxy: true as const }),
    },
  };
}
