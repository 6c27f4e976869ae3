// Proxy (maximum) bids, ADR 0017. A team's maximum is private; the server bids for it, in the same append as the
// bid or maximum that calls for an answer, so the resolution is atomic and ordered by the stream's version.
//
// Invariant after every command: no team but the high bidder has a maximum above the current bid (a rival's
// maximum may equal it only when it lost a tie to an earlier commitment). So a command can only ever bring two
// teams into play: the one that acted and the high bidder it meets.
import { ConflictError } from '../shared/errors.js';
import { requireId } from '../shared/validation.js';
import { assertWithinMaxBid, bidPlaced, requireBiddableAuction } from './draft.bidding.js';
import { requireTime } from './draft.clock.js';
import { saltOf } from './draft.salt.js';
import type { RemoveProxyBid, SetProxyBid } from './draft.commands.js';
import type { BidPlaced, DraftEvent, ProxyBidSet } from './draft.events.js';
import { assertActsFor, assertDraftExists, requireDollars, requireDraftTeam } from './draft.guards.js';
import { draftTeamBudget } from './draft.standings.js';
import { evolveDraft, type DraftState } from './draft.state.js';
import type { ProxyBid } from './draft.types.js';

const requireAuctionId = (value: unknown): string => requireId(value, 'Auction id is required');

/** The most a team's proxy may bid now: its maximum, or less when the team's max bid has fallen since. */
function capOf(state: DraftState, proxy: ProxyBid): number {
  return Math.min(proxy.maxBid, draftTeamBudget(state, proxy.teamId).maxBid);
}

const proxyOf = (state: DraftState, teamId: string): ProxyBid | undefined =>
  state.proxyBids.find((proxy) => proxy.teamId === teamId);

/** The high bidder's commitment: its bid, or its maximum when higher. */
function leaderMax(state: DraftState): number {
  const auction = state.auction!;
  const proxy = proxyOf(state, auction.currentBidder);
  return Math.max(auction.currentBid, proxy ? capOf(state, proxy) : 0);
}

/** The rival maximum that reaches `least` (the highest; the earliest set on a tie), if any. */
function strongestRival(state: DraftState, least: number): { proxy: ProxyBid; cap: number } | null {
  const leader = state.auction!.currentBidder;
  let best: { proxy: ProxyBid; cap: number } | null = null;
  for (const proxy of state.proxyBids) {
    if (proxy.teamId === leader) continue;
    const cap = capOf(state, proxy);
    if (cap >= least && (best === null || cap > best.cap)) best = { proxy, cap };
  }
  return best;
}

/** Collects proxy bids, folding each so the next one is decided on the state it leaves. */
class ProxyBidding {
  readonly bids: BidPlaced[] = [];

  constructor(
    public state: DraftState,
    private readonly now: number,
    private readonly at: string,
  ) {}

  place(teamId: string, amount: number): void {
    const bid = bidPlaced(this.state, { teamId, amount, now: this.now, at: this.at, proxy: true });
    this.bids.push(bid);
    this.state = evolveDraft(this.state, bid);
  }

  /**
   * A rival maximum `cap` above the current bid meets the high bidder's commitment. The higher wins at the other's
   * maximum + $1; on equal maxima the high bidder's, set earlier, wins at that amount. A losing rival first bids its
   * whole maximum, so the bids show why the price is what it is.
   */
  contest(rival: string, cap: number): void {
    const defender = this.state.auction!.currentBidder;
    const defence = leaderMax(this.state);
    if (cap > defence) {
      this.place(rival, defence + 1);
      return;
    }
    this.place(rival, cap);
    this.place(defender, cap < defence ? cap + 1 : cap);
  }

  /** Until no rival maximum exceeds the current bid (one contest in a settled auction; each retires a maximum). */
  settle(): void {
    for (let round = 0; round < this.state.proxyBids.length; round += 1) {
      const rival = strongestRival(this.state, this.state.auction!.currentBid + 1);
      if (rival === null) return;
      this.contest(rival.proxy.teamId, rival.cap);
    }
  }
}

/**
 * The answers to a manual bid that `state` already holds (it leads). A maximum set before it wins even at an equal
 * amount (the earlier commitment wins a tie), so here a rival maximum equal to the bid answers too.
 */
export function answerManualBid(state: DraftState, now: number, at: string): BidPlaced[] {
  if (state.proxyBids.length === 0) return [];
  const bidding = new ProxyBidding(state, now, at);
  const { currentBid } = state.auction!;
  const rival = strongestRival(state, currentBid);
  if (rival !== null && rival.cap === currentBid && leaderMax(state) === currentBid) {
    bidding.place(rival.proxy.teamId, currentBid);
  }
  bidding.settle();
  return bidding.bids;
}

export function setProxyBid({ data }: SetProxyBid, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const auctionId = requireAuctionId(data.auctionId);
  const teamId = requireId(data.teamId, 'Select a team');
  const maxBid = requireDollars(data.maxBid, 'Maximum bid');
  const now = requireTime(data.at);
  const auction = requireBiddableAuction(state, auctionId, now);
  assertActsFor(data.actor, teamId, 'You can only bid for your own team');
  requireDraftTeam(state, teamId);
  if (auction.currentBidder === teamId) {
    // The high bidder may raise or lower its maximum, not below the bid it stands by.
    if (maxBid < auction.currentBid) {
      throw new ConflictError(`Maximum bid must be at least your current bid of $${auction.currentBid}`);
    }
  } else if (maxBid < auction.currentBid + 1) {
    throw new ConflictError(`Bid must be at least $${auction.currentBid + 1}`);
  }
  assertWithinMaxBid(state, teamId, maxBid);
  if (proxyOf(state, teamId)?.maxBid === maxBid) return [];
  const set: ProxyBidSet = {
    type: 'ProxyBidSet',
    data: { auctionId, teamId, maxBid, at: data.at, ...saltOf(data.salt) },
  };
  const bidding = new ProxyBidding(evolveDraft(state, set), now, data.at);
  bidding.settle();
  return [set, ...bidding.bids];
}

/** Idempotent: removing a maximum the team does not have changes nothing. Allowed while paused (bids nothing). */
export function removeProxyBid({ data }: RemoveProxyBid, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const auctionId = requireAuctionId(data.auctionId);
  const teamId = requireId(data.teamId, 'Select a team');
  requireTime(data.at);
  const { auction } = state;
  if (auction === null) throw new ConflictError('No auction is running');
  if (auction.auctionId !== auctionId) throw new ConflictError('The auction has ended');
  assertActsFor(data.actor, teamId, 'You can only bid for your own team');
  requireDraftTeam(state, teamId);
  if (proxyOf(state, teamId) === undefined) return [];
  return [{ type: 'ProxyBidRemoved', data: { auctionId, teamId, at: data.at } }];
}

/** A team's maximum for the open auction (null when it has none): for its owner and admins only. */
export function proxyBidOf(state: DraftState, teamId: string): ProxyBid | null {
  return proxyOf(state, teamId) ?? null;
}
