import { describe, it, expect } from '@jest/globals';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import { deciderSpec } from '../__tests__/decider-spec.js';
import {
  A,
  ADMIN,
  B,
  C,
  SETTINGS,
  at,
  autoNominate,
  bidPlaced,
  complete,
  nominate,
  nominated,
  owner,
  placeBid,
  play,
  player,
  sell,
  startedEvents,
} from '../__tests__/auction.fixtures.js';
import { DELETED_AT, DRAFT_ID, draftCreated, teamsAssigned } from '../__tests__/draft.fixtures.js';
import type { DraftCommand } from './draft.commands.js';
import { draftDecider } from './draft.decider.js';
import type { DraftEvent, DraftStarted } from './draft.events.js';

const given = deciderSpec(draftDecider);
const started = startedEvents();
const open = [...started, nominated()];
const deleted: DraftEvent = {
  type: 'DraftDeleted',
  data: { draftId: DRAFT_ID, previousStatus: 'active', releasedPicks: [], deletedAt: DELETED_AT },
};
const paused: DraftEvent = {
  type: 'DraftPaused',
  data: { pausedAt: at(6), auctionTimeLeftMs: 29_000, nominationTimeLeftMs: null },
};
/** One team, one player: the first sale completes the draft. */
const solo = startedEvents({ ...SETTINGS, teamsCount: 1, playersPerTeam: 1 }, [{ teamId: B, teamNumber: 1 }]);
const completedSolo = play(solo, ...sell(1, 1, 5, B));

describe('StartDraft', () => {
  it("starts the first team's nomination clock", () => {
    const state = given([draftCreated({ settings: SETTINGS }), teamsAssigned({ teamId: A, teamNumber: 2 })])
      .when({ type: 'StartDraft', data: { teams: [{ teamId: A, teamNumber: 2 }], at: at(0) } })
      .then([startedEvents(SETTINGS, [{ teamId: A, teamNumber: 2 }])[2]!]);
    // SETTINGS gives 20 s to nominate.
    expect(state).toMatchObject({ currentTeamTurn: A, nominationDeadline: at(20) });
  });

  it('refuses a start without a valid time', () => {
    given([draftCreated(), teamsAssigned({ teamId: A, teamNumber: 2 })])
      .when({ type: 'StartDraft', data: { teams: [{ teamId: A, teamNumber: 2 }], at: 'soon' } })
      .thenThrows(ValidationError, 'A valid time is required');
  });
});

describe('NominatePlayer', () => {
  it('opens an auction for the team on the clock, its opening bid being the first bid', () => {
    const state = given(started)
      .when(nominate({ openingBid: 3 }))
      .then([nominated({ openingBid: 3 })]);
    expect(state).toMatchObject({ nominationDeadline: null, auctionsCount: 1 });
    expect(state.auction).toStrictEqual({
      ...player(1),
      auctionId: 'auction-1',
      nominatedBy: B,
      openingBid: 3,
      currentBid: 3,
      currentBidder: B,
      bidCount: 1,
      startedAt: at(5),
      deadline: at(35),
      timeLimit: 30,
      pausedTimeLeftMs: null,
      auto: false,
    });
  });

  it('lets an admin nominate for the team on the clock, even after its clock ran out', () => {
    given(started)
      .when(nominate({ actor: ADMIN, seconds: 25 }))
      .then([nominated({ seconds: 25 })]);
  });

  it("accepts an owner's nomination 1 ms before the nomination deadline and refuses one at it", () => {
    // The first team's clock runs out 20 s after the start (at(0)).
    given(started)
      .when(nominate({ seconds: 19.999 }))
      .then([nominated({ seconds: 19.999 })]);
    given(started)
      .when(nominate({ seconds: 20 }))
      .thenThrows(ConflictError, 'Your nomination clock has run out');
    given(started)
      .when(nominate({ seconds: 25 }))
      .thenThrows(ConflictError, 'Your nomination clock has run out');
  });

  it('accepts an opening bid of exactly the max bid and refuses $1 more', () => {
    // $10 budget, 3 open slots: $2 is kept for the two other slots.
    given(started)
      .when(nominate({ openingBid: 8 }))
      .then([nominated({ openingBid: 8 })]);
    given(started)
      .when(nominate({ openingBid: 9 }))
      .thenThrows(ConflictError, 'Bid exceeds your max bid of $8');
  });

  it.each([[0], [-3]])('refuses an opening bid of %p', (openingBid) => {
    given(started)
      .when(nominate({ openingBid }))
      .thenThrows(ValidationError, 'Opening bid must be at least $1');
  });

  it.each([[1.5], [Number.NaN], ['3'], [undefined]])('refuses a malformed opening bid %p', (openingBid) => {
    const command = nominate();
    given(started)
      .when({ ...command, data: { ...command.data, openingBid: openingBid as number } })
      .thenThrows(ValidationError, 'Opening bid must be a whole number of dollars');
  });

  it('refuses a user nominating for a team they do not own', () => {
    given(started)
      .when(nominate({ actor: owner(A) }))
      .thenThrows(ForbiddenError, 'You can only nominate for your own team');
    const command = nominate();
    given(started)
      .when({ ...command, data: { ...command.data, actor: undefined as never } })
      .thenThrows(ForbiddenError, 'You can only nominate for your own team');
  });

  it('refuses a team that is not on the clock', () => {
    given(started)
      .when(nominate({ teamId: A }))
      .thenThrows(ConflictError, 'It is not your turn to nominate');
  });

  it('refuses a team that is not in the draft', () => {
    given(started)
      .when(nominate({ teamId: 'team-zulu', actor: ADMIN }))
      .thenThrows(ValidationError, 'Team is not in this draft');
  });

  it('refuses a second auction while one is open', () => {
    given(open)
      .when(nominate({ auctionId: 'auction-2', n: 2, seconds: 6 }))
      .thenThrows(ConflictError, 'An auction is already running');
  });

  it('refuses a player already drafted in this draft', () => {
    const sold = play(started, ...sell(1, 1, 5, B));
    given(sold)
      .when(nominate({ auctionId: 'auction-2', teamId: A, n: 1, seconds: 40 }))
      .thenThrows(ConflictError, 'Player has already been drafted');
  });

  it('refuses a malformed player or time', () => {
    const bad = nominate();
    given(started)
      .when({ ...bad, data: { ...bad.data, player: { ...player(1), playerId: ' ' } } })
      .thenThrows(ValidationError, 'Select a player');
    given(started)
      .when({ ...bad, data: { ...bad.data, player: { ...player(1), playerName: '' } } })
      .thenThrows(ValidationError, 'Player name is required');
    given(started)
      .when({ ...bad, data: { ...bad.data, at: 'now' } })
      .thenThrows(ValidationError, 'A valid time is required');
    given(started)
      .when({ ...bad, data: { ...bad.data, auctionId: '' } })
      .thenThrows(ValidationError, 'Auction id is required');
  });

  it('only works in an active draft', () => {
    given([draftCreated(), teamsAssigned({ teamId: B, teamNumber: 1 })])
      .when(nominate())
      .thenThrows(ConflictError, 'The draft has not started');
    given([...started, { ...paused, data: { ...paused.data, auctionTimeLeftMs: null } }])
      .when(nominate())
      .thenThrows(ConflictError, 'The draft is paused');
    given(completedSolo)
      .when(nominate({ auctionId: 'auction-9', n: 9, seconds: 99 }))
      .thenThrows(ConflictError, 'The draft is completed');
    given([...started, deleted])
      .when(nominate())
      .thenThrows(NotFoundError, 'Draft not found');
  });
});

describe('AutoNominate', () => {
  it('nominates for the team on the clock at $1 once its clock has run out', () => {
    const state = given(started)
      .when(autoNominate(20))
      .then([nominated({ seconds: 20, auto: true })]);
    expect(state.auction).toMatchObject({ nominatedBy: B, currentBid: 1, auto: true });
  });

  it('refuses a timer job 1 ms before the deadline, as a stale job', () => {
    given(started)
      .when(autoNominate(19.999))
      .thenThrows(ConflictError, 'The nomination clock is still running');
  });

  it("refuses the previous team's timer once the turn has passed", () => {
    const passed = play(started, ...sell(1, 1, 5, B));
    expect(passed.at(-1)).toStrictEqual({
      type: 'NominationTurnPassed',
      data: { currentTeamTurn: A, currentRound: 1, nominationDeadline: at(55) },
    });
    given(passed)
      .when(autoNominate(40, 2, 'auction-2'))
      .thenThrows(ConflictError, 'The nomination clock is still running');
  });

  it('refuses while an auction is open, for a drafted player, and unless active', () => {
    given(open)
      .when(autoNominate(40, 2, 'auction-2'))
      .thenThrows(ConflictError, 'An auction is already running');
    const passed = play(started, ...sell(1, 1, 5, B));
    given(passed)
      .when(autoNominate(55, 1, 'auction-2'))
      .thenThrows(ConflictError, 'Player has already been drafted');
    given([...started, { ...paused, data: { ...paused.data, auctionTimeLeftMs: null } }])
      .when(autoNominate(40))
      .thenThrows(ConflictError, 'The draft is paused');
    given(completedSolo).when(autoNominate(99, 2)).thenThrows(ConflictError, 'The draft is completed');
  });

  it('refuses when no nomination clock runs (a draft started before nomination clocks)', () => {
    const [created, assigned, start] = startedEvents();
    const { nominationDeadline: _none, ...legacyData } = (start as DraftStarted).data;
    given([created, assigned, { type: 'DraftStarted', data: legacyData }])
      .when(autoNominate(99))
      .thenThrows(ConflictError, 'No nomination clock is running');
  });
});

describe('PlaceBid', () => {
  it('raises the bid and keeps a deadline further away than the bid reset', () => {
    const state = given(open)
      .when(placeBid(A, 2, 6))
      .then([bidPlaced(A, 2, 6, 35)]);
    expect(state.auction).toMatchObject({
      currentBid: 2,
      currentBidder: A,
      deadline: at(35),
      bidCount: 2,
    });
  });

  it('leaves bidTimeReset seconds on the clock after a late bid', () => {
    given(open)
      .when(placeBid(A, 2, 30))
      .then([bidPlaced(A, 2, 30, 40)]);
  });

  it('never moves the deadline backwards', () => {
    // The first bid at 30 s pushed the deadline to 40 s; a bid at 31 s would give 41 s, one at 29 s only 39 s.
    given([...open, bidPlaced(A, 2, 30, 40)])
      .when(placeBid(C, 3, 31))
      .then([bidPlaced(C, 3, 31, 41)]);
    given([...open, bidPlaced(A, 2, 30, 40)])
      .when(placeBid(C, 3, 29))
      .then([bidPlaced(C, 3, 29, 40)]);
  });

  it('accepts a bid 1 ms before the deadline and refuses one exactly at it', () => {
    given(open)
      .when(placeBid(A, 2, 34.999))
      .then([bidPlaced(A, 2, 34.999, 44.999)]);
    given(open)
      .when(placeBid(A, 2, 35))
      .thenThrows(ConflictError, 'The auction has ended');
    given(open)
      .when(placeBid(A, 2, 90))
      .thenThrows(ConflictError, 'The auction has ended');
  });

  it('accepts exactly the max bid and refuses $1 more', () => {
    given(open)
      .when(placeBid(A, 8, 6))
      .then([bidPlaced(A, 8, 6, 35)]);
    given(open)
      .when(placeBid(A, 9, 6))
      .thenThrows(ConflictError, 'Bid exceeds your max bid of $8');
  });

  it('needs at least the current bid plus $1', () => {
    given([...open, bidPlaced(A, 4, 6, 35)])
      .when(placeBid(C, 4, 7))
      .thenThrows(ConflictError, 'Bid must be at least $5');
    given([...open, bidPlaced(A, 4, 6, 35)])
      .when(placeBid(C, 0, 7))
      .thenThrows(ConflictError, 'Bid must be at least $5');
    given([...open, bidPlaced(A, 4, 6, 35)])
      .when(placeBid(C, 5, 7))
      .then([bidPlaced(C, 5, 7, 35)]);
  });

  it.each([[2.5], [Number.NaN], [Number.POSITIVE_INFINITY], ['3'], [null]])(
    'refuses the malformed amount %p',
    (amount) => {
      given(open)
        .when(placeBid(A, amount as number, 6))
        .thenThrows(ValidationError, 'Bid must be a whole number of dollars');
    },
  );

  it('does not let the high bidder outbid itself', () => {
    given(open)
      .when(placeBid(B, 2, 6))
      .thenThrows(ConflictError, 'You are already the high bidder');
  });

  it("refuses a bid for someone else's team and accepts an admin's", () => {
    given(open)
      .when(placeBid(A, 2, 6, { actor: owner(C) }))
      .thenThrows(ForbiddenError, 'You can only bid for your own team');
    given(open)
      .when(placeBid(A, 2, 6, { actor: ADMIN }))
      .then([bidPlaced(A, 2, 6, 35)]);
    given(open)
      .when(placeBid(A, 2, 6, { actor: owner(C, A) }))
      .then([bidPlaced(A, 2, 6, 35)]);
  });

  it('refuses a team that is not in the draft', () => {
    given(open)
      .when(placeBid('team-zulu', 2, 6, { actor: ADMIN }))
      .thenThrows(ValidationError, 'Team is not in this draft');
  });

  it('refuses a bid on another auction, or with none open', () => {
    given(open)
      .when(placeBid(A, 2, 6, { auctionId: 'auction-0' }))
      .thenThrows(ConflictError, 'The auction has ended');
    given(started)
      .when(placeBid(A, 2, 6))
      .thenThrows(ConflictError, 'No auction is running');
  });

  it('refuses bids while the draft is paused', () => {
    given([...open, paused])
      .when(placeBid(A, 2, 7))
      .thenThrows(ConflictError, 'The draft is paused');
  });

  it('refuses a full roster, and a team short of $1 per open slot', () => {
    // BRAVO buys three players at $1 (rounds 1 to 3), then ALPHA nominates a fourth.
    const full = play(
      startedEvents({ ...SETTINGS, teamsCount: 2 }, [
        { teamId: B, teamNumber: 1 },
        { teamId: A, teamNumber: 2 },
      ]),
      nominate({ auctionId: 'x1', n: 1, seconds: 1 }),
      complete(31, 'x1', 'p1'),
      nominate({ auctionId: 'x2', teamId: A, n: 2, seconds: 32 }),
      placeBid(B, 2, 33, { auctionId: 'x2' }),
      complete(63, 'x2', 'p2'),
      nominate({ auctionId: 'x3', n: 3, seconds: 64 }),
      complete(94, 'x3', 'p3'),
      nominate({ auctionId: 'x4', teamId: A, n: 4, seconds: 95 }),
    );
    given(full)
      .when(placeBid(B, 2, 96, { auctionId: 'x4' }))
      .thenThrows(ConflictError, 'Team roster is full');
    // An admin correction can leave a team with $1 for two open slots: it cannot bid at all.
    const short = play(started, {
      type: 'AssignPlayer',
      data: { pickId: 'p1', teamId: A, player: player(9), cost: 9, at: at(1) },
    });
    given([...short, nominated({ seconds: 2 })])
      .when(placeBid(A, 2, 3))
      .thenThrows(ConflictError, 'Insufficient budget');
  });
});

describe('CompleteAuction', () => {
  const afterBid = [...open, bidPlaced(A, 4, 30, 40)];

  it('refuses 1 ms before the deadline', () => {
    given(afterBid).when(complete(39.999)).thenThrows(ConflictError, 'The auction is still running');
  });

  it('sells the player to the high bidder at the deadline and passes the turn to the next team', () => {
    const state = given(afterBid)
      .when(complete(40))
      .then([
        {
          type: 'AuctionCompleted',
          data: { auctionId: 'auction-1', winnerTeamId: A, winningBid: 4, completedAt: at(40) },
        },
        {
          type: 'PlayerSold',
          data: {
            pick: {
              pickId: 'pick-1',
              pickNumber: 1,
              playerId: 'player-1',
              playerName: 'Player 1',
              position: 'WR',
              nflTeam: 'BUF',
              teamId: A,
              cost: 4,
              source: 'auction',
              pickedAt: at(40),
            },
          },
        },
        {
          type: 'NominationTurnPassed',
          data: { currentTeamTurn: A, currentRound: 1, nominationDeadline: at(60) },
        },
      ]);
    expect(state).toMatchObject({ auction: null, currentTeamTurn: A, nominationDeadline: at(60) });
    expect(state.lastCompletedAuction).toMatchObject({
      auctionId: 'auction-1',
      winnerTeamId: A,
      winningBid: 4,
      completedAt: at(40),
      deadline: at(40),
    });
  });

  it('is idempotent: a second completion, another auction id or no auction change nothing', () => {
    const done = play(afterBid, complete(41));
    given(done).when(complete(42)).then([]);
    given(done)
      .when(complete(42, 'auction-1', 'pick-again'))
      .then([]);
    given(afterBid).when(complete(42, 'auction-0')).then([]);
    given(started).when(complete(42)).then([]);
    given(completedSolo).when(complete(99)).then([]);
  });

  it('refuses while paused, even after the deadline', () => {
    given([...afterBid, paused])
      .when(complete(99))
      .thenThrows(ConflictError, 'The draft is paused');
  });

  it('refuses a pick id already in use', () => {
    const first = play(started, ...sell(1, 1, 5, B));
    given([...first, nominated({ auctionId: 'auction-2', teamId: A, n: 2, seconds: 40 })])
      .when(complete(70, 'auction-2', 'pick-1'))
      .thenThrows(ConflictError, 'Pick id is already used');
  });

  it('starts a new round when the turn wraps around', () => {
    const events = play(started, ...sell(1, 1, 5, B), ...sell(2, 1, 40, A), ...sell(3, 1, 80, C));
    expect(events.at(-1)).toStrictEqual({
      type: 'NominationTurnPassed',
      data: { currentTeamTurn: B, currentRound: 2, nominationDeadline: at(130) },
    });
  });

  it('skips teams that can no longer buy', () => {
    // ALPHA fills its roster through three admin assignments; after BRAVO's sale the turn goes to CHARLIE.
    const events = play(
      started,
      { type: 'AssignPlayer', data: { pickId: 'a1', teamId: A, player: player(11), cost: 1, at: at(1) } },
      { type: 'AssignPlayer', data: { pickId: 'a2', teamId: A, player: player(12), cost: 1, at: at(1) } },
      { type: 'AssignPlayer', data: { pickId: 'a3', teamId: A, player: player(13), cost: 1, at: at(1) } },
      ...sell(1, 1, 5, B),
    );
    expect(events.at(-1)).toStrictEqual({
      type: 'NominationTurnPassed',
      data: { currentTeamTurn: C, currentRound: 1, nominationDeadline: at(55) },
    });
  });

  it('completes the draft when no team can buy any more', () => {
    given(solo)
      .when(nominate({ seconds: 5 }))
      .then([nominated({ seconds: 5 })]);
    const state = given([...solo, nominated({ seconds: 5 })])
      .when(complete(35))
      .then([
        {
          type: 'AuctionCompleted',
          data: { auctionId: 'auction-1', winnerTeamId: B, winningBid: 1, completedAt: at(35) },
        },
        {
          type: 'PlayerSold',
          data: {
            pick: {
              pickId: 'pick-1',
              pickNumber: 1,
              ...{ playerId: 'player-1', playerName: 'Player 1', position: 'WR', nflTeam: 'BUF' },
              teamId: B,
              cost: 1,
              source: 'auction',
              pickedAt: at(35),
            },
          },
        },
        { type: 'DraftCompleted', data: { completedAt: at(35) } },
      ]);
    expect(state).toMatchObject({ status: 'completed', completedAt: at(35), nominationDeadline: null });
  });

  it('leaves nobody on the clock once the draft is completed', () => {
    const { state } = given(completedSolo);
    expect(state.status).toBe('completed');
    expect(state.currentTeamTurn).toBeNull();
  });

  it('answers not found for a deleted draft and refuses a malformed command', () => {
    given([...open, deleted])
      .when(complete(99))
      .thenThrows(NotFoundError, 'Draft not found');
    const bad = complete(99);
    given(open)
      .when({ ...bad, data: { ...bad.data, pickId: '' } } as DraftCommand)
      .thenThrows(ValidationError, 'Pick id is required');
  });
});
