import type { Auction, Team } from '@auction/contracts';
import { maxBid, minimumNextBid, openRosterSlots } from '@auction/domain';

/** Open roster slots of a team in a draft with `playersPerTeam` slots. */
export function openSlots(team: Pick<Team, 'players'>, playersPerTeam: number): number {
  return openRosterSlots(team.players.length, playersPerTeam);
}

/** The domain's max bid (docs/product.md §4.5) for a team as the wire shows it; 0 for a full roster. */
export function teamMaxBid(team: Pick<Team, 'players' | 'budget'>, playersPerTeam: number): number {
  return maxBid({ remaining: team.budget.remaining, slotsRemaining: openSlots(team, playersPerTeam) });
}

export interface BidContext {
  auction: Auction | null;
  paused: boolean;
  /** The team the user bids for, or null when the user has none in this draft. */
  team: Team | null;
  playersPerTeam: number;
  /** The auction clock ran out locally; the server is closing it. */
  expired: boolean;
}

/** Why the user cannot bid at all right now, or null when bidding is open to them. */
export function biddingClosedReason({
  auction,
  paused,
  team,
  playersPerTeam,
  expired,
}: BidContext): string | null {
  if (paused) return 'The draft is paused';
  if (!auction || auction.status !== 'active') return 'No player is up for auction';
  if (expired) return 'The auction is closing';
  if (!team) return 'You have no team in this draft';
  if (openSlots(team, playersPerTeam) === 0) return 'Your roster is full';
  if (auction.currentBidder._id === team._id) return 'You are the high bidder';
  if (teamMaxBid(team, playersPerTeam) <= auction.currentBid) return 'Not enough budget to outbid';
  return null;
}

/**
 * Why `amount` cannot be bid, or null when it can (docs/product.md §5.3 (Bids and nominations) plus the max-bid rule
 * of §4.5 (Budgets, rosters and the max bid)).
 */
export function bidAmountProblem(amount: number, context: BidContext): string | null {
  const closed = biddingClosedReason(context);
  if (closed) return closed;
  const { auction, team, playersPerTeam } = context as BidContext & { auction: Auction; team: Team };
  if (!Number.isInteger(amount)) return 'Bid must be a whole number of dollars';
  const lowest = minimumNextBid(auction.currentBid);
  if (amount < lowest) return `Bid must be at least $${lowest}`;
  if (amount > team.budget.remaining) return 'Insufficient budget';
  const max = teamMaxBid(team, playersPerTeam);
  if (amount > max) return `Bid cannot exceed your max bid of $${max}`;
  return null;
}

/** The suggested next bid: the lowest that beats the current one. */
export function suggestedBid(auction: Pick<Auction, 'currentBid'>): number {
  return minimumNextBid(auction.currentBid);
}

/** Reads the bid box: a whole number, or NaN for anything else (which the rules refuse). */
export function parseBidInput(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export type CountdownTone = 'critical' | 'warning' | 'calm';

/**
 * docs/product.md §4.8 (The draft room in the browser): red at 10 seconds or less, amber at 30 or less, green
 * otherwise.
 */
export function countdownTone(secondsLeft: number): CountdownTone {
  if (secondsLeft <= 10) return 'critical';
  if (secondsLeft <= 30) return 'warning';
  return 'calm';
}

export const COUNTDOWN_TEXT_CLASS: Record<CountdownTone, string> = {
  critical: 'text-red-600',
  warning: 'text-amber-600',
  calm: 'text-green-600',
};

/** Whole seconds shown for `ms` left: rounded up, so 0 appears only once time is really up. */
export function secondsLeft(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}

/** m:ss */
export function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
