import { describe, expect, it } from '@jest/globals';
import type { Auction, Team } from '@auction/contracts';
import { makeTeam } from '../../../test/fixtures.js';
import {
  bidAmountProblem,
  biddingClosedReason,
  clockText,
  countdownTone,
  parseBidInput,
  secondsLeft,
  teamMaxBid,
  type BidContext,
} from '../auction-rules.js';
import { makeAuction, rosterOf } from './auction-fixtures.js';

const teamWith = (remaining: number, players: number): Team =>
  makeTeam({ budget: { total: 260, spent: 260 - remaining, remaining }, players: rosterOf(players) });

describe('max bid', () => {
  it('keeps $1 for every other open slot', () => {
    expect(teamMaxBid(teamWith(260, 0), 20)).toBe(241);
    expect(teamMaxBid(teamWith(30, 17), 20)).toBe(28);
    expect(teamMaxBid(teamWith(30, 19), 20)).toBe(30);
  });

  it('is 0 for a full roster', () => {
    expect(teamMaxBid(teamWith(50, 20), 20)).toBe(0);
    expect(teamMaxBid(teamWith(50, 10), 10)).toBe(0);
  });
});

describe('countdown', () => {
  it('is red at 10 s or less, amber at 30 s or less, green above', () => {
    expect(countdownTone(0)).toBe('critical');
    expect(countdownTone(10)).toBe('critical');
    expect(countdownTone(11)).toBe('warning');
    expect(countdownTone(30)).toBe('warning');
    expect(countdownTone(31)).toBe('calm');
  });

  it('rounds up to whole seconds and shows m:ss', () => {
    expect(secondsLeft(10_001)).toBe(11);
    expect(secondsLeft(10_000)).toBe(10);
    expect(secondsLeft(1)).toBe(1);
    expect(secondsLeft(0)).toBe(0);
    expect(secondsLeft(-50)).toBe(0);
    expect(clockText(65)).toBe('1:05');
  });
});

describe('bid rules', () => {
  const mine = teamWith(30, 17);
  const other = makeTeam({ name: 'Hawks', teamNumber: 2 });
  const auction: Auction = makeAuction({ currentBid: 20, bidder: other });
  const context = (overrides: Partial<BidContext> = {}): BidContext => ({
    auction,
    paused: false,
    team: mine,
    playersPerTeam: 20,
    expired: false,
    ...overrides,
  });

  it('allows a whole bid from current + 1 up to the max bid', () => {
    expect(bidAmountProblem(21, context())).toBeNull();
    expect(bidAmountProblem(28, context())).toBeNull();
    expect(bidAmountProblem(20, context())).toBe('Bid must be at least $21');
    expect(bidAmountProblem(29, context())).toBe('Bid cannot exceed your max bid of $28');
    expect(bidAmountProblem(21.5, context())).toBe('Bid must be a whole number of dollars');
    expect(bidAmountProblem(parseBidInput('abc'), context())).toBe('Bid must be a whole number of dollars');
  });

  it('refuses more than the remaining budget', () => {
    const lastSlot = teamWith(30, 19);
    expect(bidAmountProblem(31, context({ team: lastSlot }))).toBe('Insufficient budget');
  });

  it('closes bidding when paused, without an active auction, when expired, for the high bidder or without a team', () => {
    expect(biddingClosedReason(context())).toBeNull();
    expect(biddingClosedReason(context({ paused: true }))).toBe('The draft is paused');
    expect(biddingClosedReason(context({ auction: null }))).toBe('No player is up for auction');
    expect(biddingClosedReason(context({ auction: { ...auction, status: 'completed' } }))).toBe(
      'No player is up for auction',
    );
    expect(biddingClosedReason(context({ expired: true }))).toBe('The auction is closing');
    expect(biddingClosedReason(context({ team: null }))).toBe('You have no team in this draft');
    expect(biddingClosedReason(context({ auction: makeAuction({ currentBid: 5, bidder: mine }) }))).toBe(
      'You are the high bidder',
    );
    expect(biddingClosedReason(context({ team: teamWith(100, 20) }))).toBe('Your roster is full');
  });
});
