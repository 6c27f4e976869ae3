import { describe, it, expect } from '@jest/globals';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors.js';
import { deciderSpec } from '../__tests__/decider-spec.js';
import {
  A,
  ADMIN,
  B,
  C,
  SETTINGS,
  assignPlayer,
  at,
  bidPlaced,
  complete,
  nominated,
  owner,
  placeBid,
  startedEvents,
} from '../__tests__/auction.fixtures.js';
import type { RemoveProxyBid, SetProxyBid } from './draft.commands.js';
import { draftDecider } from './draft.decider.js';
import type { BidPlaced, DraftEvent, ProxyBidRemoved, ProxyBidSet } from './draft.events.js';
import { proxyBidOf } from './draft.proxy.js';
import type { DraftActor } from './draft.types.js';

const given = deciderSpec(draftDecider);
/** $100 for 3 players: a max bid of $98. The auction (B's, opened at $1 at 5 s) runs to 35 s; bids reset to 10 s. */
const open = [...startedEvents({ ...SETTINGS, budgetPerTeam: 100 }), nominated()];

const setProxy = (teamId: string, maxBid: number, seconds: number, actor: DraftActor = owner(teamId)) =>
  ({
    type: 'SetProxyBid',
    data: { auctionId: 'auction-1', teamId, maxBid, actor, at: at(seconds) },
  }) satisfies SetProxyBid;
const removeProxy = (teamId: string, seconds: number, actor: DraftActor = owner(teamId)) =>
  ({
    type: 'RemoveProxyBid',
    data: { auctionId: 'auction-1', teamId, actor, at: at(seconds) },
  }) satisfies RemoveProxyBid;
const proxySet = (teamId: string, maxBid: number, seconds: number): ProxyBidSet => ({
  type: 'ProxyBidSet',
  data: { auctionId: 'auction-1', teamId, maxBid, at: at(seconds) },
});
const proxyRemoved = (teamId: string, seconds: number): ProxyBidRemoved => ({
  type: 'ProxyBidRemoved',
  data: { auctionId: 'auction-1', teamId, at: at(seconds) },
});
/** A bid the server placed for a maximum: a normal bid, marked, that resets the clock like any other. */
const proxyBid = (teamId: string, amount: number, seconds: number, deadline = 35): BidPlaced => {
  const bid = bidPlaced(teamId, amount, seconds, Math.max(deadline, seconds + 10));
  return { ...bid, data: { ...bid.data, proxy: true } };
};
const manualBid = (teamId: string, amount: number, seconds: number): BidPlaced =>
  bidPlaced(teamId, amount, seconds, Math.max(35, seconds + 10));

describe('SetProxyBid', () => {
  it('bids the smallest winning amount at once when a rival leads', () => {
    const state = given(open)
      .when(setProxy(A, 20, 6))
      .then([proxySet(A, 20, 6), proxyBid(A, 2, 6)]);
    expect(state.auction).toMatchObject({ currentBid: 2, currentBidder: A, bidCount: 2 });
  });

  it('bids nothing while its team leads', () => {
    given(open)
      .when(setProxy(B, 20, 6))
      .then([proxySet(B, 20, 6)]);
  });

  it('against another maximum: the higher wins at the other maximum + $1, after the lower bid its whole maximum', () => {
    given([...open, proxySet(A, 20, 6), proxyBid(A, 2, 6)])
      .when(setProxy(C, 15, 7))
      .then([proxySet(C, 15, 7), proxyBid(C, 15, 7), proxyBid(A, 16, 7)]);
    given([...open, proxySet(A, 15, 6), proxyBid(A, 2, 6)])
      .when(setProxy(C, 20, 7))
      .then([proxySet(C, 20, 7), proxyBid(C, 16, 7)]);
  });

  it('against an equal maximum: the earlier one wins at that amount', () => {
    given([...open, proxySet(A, 20, 6), proxyBid(A, 2, 6)])
      .when(setProxy(C, 20, 7))
      .then([proxySet(C, 20, 7), proxyBid(C, 20, 7), proxyBid(A, 20, 7)]);
  });

  it('refuses a maximum above the max bid with the message a bid gets', () => {
    given(open)
      .when(setProxy(A, 99, 6))
      .thenThrows(ConflictError, 'Bid exceeds your max bid of $98');
  });

  it('refuses a maximum that cannot beat the current bid', () => {
    given([...open, manualBid(C, 10, 6)])
      .when(setProxy(A, 10, 7))
      .thenThrows(ConflictError, 'Bid must be at least $11');
    given([...open, manualBid(C, 10, 6)])
      .when(setProxy(C, 9, 7))
      .thenThrows(ConflictError, 'Maximum bid must be at least your current bid of $10');
  });

  it("refuses another team's maximum, a paused draft, an ended auction and odd amounts", () => {
    given(open)
      .when(setProxy(A, 20, 6, owner(C)))
      .thenThrows(ForbiddenError, 'You can only bid for your own team');
    given(open)
      .when(setProxy(A, 20, 35))
      .thenThrows(ConflictError, 'The auction has ended');
    const paused: DraftEvent = {
      type: 'DraftPaused',
      data: { pausedAt: at(6), auctionTimeLeftMs: 29_000, nominationTimeLeftMs: null },
    };
    given([...open, paused])
      .when(setProxy(A, 20, 7))
      .thenThrows(ConflictError, 'The draft is paused');
    given(open)
      .when(setProxy(A, 2.5, 6))
      .thenThrows(ValidationError, 'Maximum bid must be a whole number of dollars');
    given(open)
      .when(setProxy(A, 0, 6))
      .thenThrows(ValidationError, 'Maximum bid must be at least $1');
  });

  it('lets an admin set a maximum for any team, and setting the same maximum again changes nothing', () => {
    given(open)
      .when(setProxy(A, 20, 6, ADMIN))
      .then([proxySet(A, 20, 6), proxyBid(A, 2, 6)]);
    given([...open, proxySet(B, 20, 6)])
      .when(setProxy(B, 20, 7))
      .then([]);
  });

  it('lets the high bidder lower its maximum down to its bid', () => {
    const state = given([...open, proxySet(A, 20, 6), proxyBid(A, 2, 6)])
      .when(setProxy(A, 2, 7))
      .then([proxySet(A, 2, 7)]);
    expect(proxyBidOf(state, A)).toStrictEqual({ teamId: A, maxBid: 2, setAt: at(7) });
  });

  it('keeps the salt it is given in the event (the audit hides it with the maximum); a salt too short is refused', () => {
    const salt = 'Zq4l3nU9cJXbS1lA0i2WmQ';
    const salted = setProxy(A, 20, 6);
    given(open)
      .when({ ...salted, data: { ...salted.data, salt } })
      .then([{ ...proxySet(A, 20, 6), data: { ...proxySet(A, 20, 6).data, salt } }, proxyBid(A, 2, 6)]);
    given(open)
      .when({ ...salted, data: { ...salted.data, salt: '1' } })
      .thenThrows(ValidationError, 'A salt must be random text');
  });
});

describe('PlaceBid against a maximum', () => {
  const withProxy = [...open, proxySet(A, 20, 6), proxyBid(A, 2, 6)];

  it('is answered in the same decision with the smallest winning amount', () => {
    const state = given(withProxy)
      .when(placeBid(C, 10, 30))
      .then([manualBid(C, 10, 30), proxyBid(A, 11, 30, 40)]);
    expect(state.auction).toMatchObject({ currentBid: 11, currentBidder: A, deadline: at(40) });
  });

  it('equal to the maximum, is answered at that amount: the maximum was set earlier', () => {
    given(withProxy)
      .when(placeBid(C, 20, 8))
      .then([manualBid(C, 20, 8), proxyBid(A, 20, 8)]);
  });

  it('above the maximum, wins at its own amount', () => {
    given(withProxy)
      .when(placeBid(C, 21, 8))
      .then([manualBid(C, 21, 8)]);
  });

  it("is never answered above the proxy team's max bid at the time (budgets change)", () => {
    // An admin gives A a $60 player: $40 left for 2 slots, a max bid of $39 under its $50 maximum.
    const capped = [...open, proxySet(A, 50, 6), proxyBid(A, 2, 6), ...assignedTo(A, 60)];
    given(capped)
      .when(placeBid(C, 40, 8))
      .then([manualBid(C, 40, 8)]);
    given(capped)
      .when(placeBid(C, 30, 8))
      .then([manualBid(C, 30, 8), proxyBid(A, 31, 8)]);
  });

  it('is not answered by a removed maximum', () => {
    given([...withProxy, proxyRemoved(A, 7)])
      .when(placeBid(C, 10, 8))
      .then([manualBid(C, 10, 8)]);
  });
});

describe('RemoveProxyBid', () => {
  it('takes the maximum away; the bids it placed stand', () => {
    const state = given([...open, proxySet(A, 20, 6), proxyBid(A, 2, 6)])
      .when(removeProxy(A, 7))
      .then([proxyRemoved(A, 7)]);
    expect(state.auction).toMatchObject({ currentBid: 2, currentBidder: A });
    expect(proxyBidOf(state, A)).toBeNull();
  });

  it('changes nothing without a maximum, and refuses other teams', () => {
    given(open).when(removeProxy(A, 7)).then([]);
    given([...open, proxySet(A, 20, 6), proxyBid(A, 2, 6)])
      .when(removeProxy(A, 7, owner(C)))
      .thenThrows(ForbiddenError, 'You can only bid for your own team');
  });
});

describe('maximum bids belong to one auction', () => {
  it('are cleared when the auction ends', () => {
    const before = given([...open, proxySet(A, 20, 6), proxyBid(A, 2, 6)]).state;
    expect(before.proxyBids).toHaveLength(1);
    const after = draftDecider.decide(complete(40), before).reduce(draftDecider.evolve, before);
    expect(after.lastCompletedAuction).toMatchObject({ winnerTeamId: A, winningBid: 2 });
    expect(after.proxyBids).toStrictEqual([]);
  });
});

/** Events of an admin assigning A a player for `cost` while the auction runs. */
function assignedTo(teamId: string, cost: number): DraftEvent[] {
  const state = given(open).state;
  return draftDecider.decide(assignPlayer(teamId, 9, cost, 6), state);
}
