import { describe, it, expect } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { deciderSpec } from '../__tests__/decider-spec.js';
import {
  A,
  B,
  C,
  SETTINGS,
  assignPlayer,
  at,
  nominate,
  nominated,
  pause,
  play,
  resume,
  sell,
  startedEvents,
  undoPick,
  updatePick,
} from '../__tests__/auction.fixtures.js';
import { draftCreated, teamsAssigned } from '../__tests__/draft.fixtures.js';
import { draftDecider } from './draft.decider.js';
import type { DraftEvent } from './draft.events.js';
import { draftTeamBudget } from './draft.standings.js';
import type { Pick } from './draft.types.js';

const given = deciderSpec(draftDecider);
const started = startedEvents();
const open = [...started, nominated()];

const adminPick = (n: number, teamId: string, cost: number, seconds: number, pickNumber: number): Pick => ({
  pickId: `pick-${n}`,
  pickNumber,
  playerId: `player-${n}`,
  playerName: `Player ${n}`,
  position: 'WR',
  nflTeam: 'BUF',
  teamId,
  cost,
  source: 'admin',
  pickedAt: at(seconds),
});
const sold = (pick: Pick) => ({ type: 'PlayerSold', data: { pick } }) satisfies DraftEvent;

describe('AssignPlayer', () => {
  it('adds an admin pick with the next number and leaves the turn and its clock alone', () => {
    const state = given(started)
      .when(assignPlayer(A, 9, 4, 10))
      .then([sold(adminPick(9, A, 4, 10, 1))]);
    expect(state).toMatchObject({ currentTeamTurn: B, nominationDeadline: at(20) });
    expect(draftTeamBudget(state, A)).toMatchObject({ spent: 4, remaining: 6, slotsRemaining: 2, maxBid: 5 });
  });

  it('works while paused and in a completed draft with room left, not before the start', () => {
    given(play(started, pause(5)))
      .when(assignPlayer(A, 9, 4, 10))
      .then([sold(adminPick(9, A, 4, 10, 1))]);
    given([draftCreated(), teamsAssigned({ teamId: A, teamNumber: 1 })])
      .when(assignPlayer(A, 9, 4, 10))
      .thenThrows(ConflictError, 'The draft has not started');
    // One team, two slots, $2: a $2 assignment leaves a slot nobody can pay for, so the draft completes...
    const short = startedEvents({ ...SETTINGS, teamsCount: 1, playersPerTeam: 2, budgetPerTeam: 2 }, [
      { teamId: B, teamNumber: 1 },
    ]);
    const completed = play(short, assignPlayer(B, 1, 2, 5));
    expect(completed.at(-1)).toStrictEqual({ type: 'DraftCompleted', data: { completedAt: at(5) } });
    // ...and the slot can still be filled by hand only if money is left.
    given(completed)
      .when(assignPlayer(B, 2, 1, 6))
      .thenThrows(ConflictError, 'Insufficient budget ($0 remaining)');
  });

  it('accepts a cost of exactly the remaining budget and refuses $1 more', () => {
    const spent = play(started, assignPlayer(A, 9, 4, 10));
    given(spent)
      .when(assignPlayer(A, 8, 7, 11))
      .thenThrows(ConflictError, 'Insufficient budget ($6 remaining)');
    given(spent)
      .when(assignPlayer(A, 8, 6, 11))
      .then([sold(adminPick(8, A, 6, 11, 2))]);
  });

  it('refuses a full roster', () => {
    const full = play(started, assignPlayer(A, 7, 1, 1), assignPlayer(A, 8, 1, 1), assignPlayer(A, 9, 1, 1));
    given(full)
      .when(assignPlayer(A, 6, 1, 2))
      .thenThrows(ConflictError, 'Team roster is full');
  });

  it('refuses a drafted player, the player up for auction, and a team outside the draft', () => {
    given(play(started, ...sell(1, 1, 5, B)))
      .when(assignPlayer(A, 1, 1, 50, 'pick-x'))
      .thenThrows(ConflictError, 'Player has already been drafted');
    given(open)
      .when(assignPlayer(A, 1, 1, 6))
      .thenThrows(ConflictError, 'Player is up for auction');
    given(started)
      .when(assignPlayer('team-zulu', 1, 1, 6))
      .thenThrows(ValidationError, 'Team is not in this draft');
  });

  it('refuses a pick id already in use', () => {
    given(play(started, assignPlayer(A, 9, 1, 1)))
      .when(assignPlayer(C, 8, 1, 2, 'pick-9'))
      .thenThrows(ConflictError, 'Pick id is already used');
  });

  it.each([
    [0, 'Cost must be at least $1'],
    [-2, 'Cost must be at least $1'],
    [1.5, 'Cost must be a whole number of dollars'],
    ['2', 'Cost must be a whole number of dollars'],
  ])('refuses the cost %p', (cost, message) => {
    given(started)
      .when(assignPlayer(A, 9, cost as number, 10))
      .thenThrows(ValidationError, message);
  });

  it('passes the turn when the team on the clock can no longer buy', () => {
    // BRAVO is on the clock; $10 for one player leaves it $0 for two open slots.
    const state = given(started)
      .when(assignPlayer(B, 9, 10, 10))
      .then([
        sold(adminPick(9, B, 10, 10, 1)),
        {
          type: 'NominationTurnPassed',
          data: { currentTeamTurn: A, currentRound: 1, nominationDeadline: at(30) },
        },
      ]);
    expect(state).toMatchObject({ currentTeamTurn: A, nominationDeadline: at(30) });
  });

  it('passes the turn with a frozen full clock while paused, which starts on resume', () => {
    const paused = play(started, pause(5));
    const state = given(paused)
      .when(assignPlayer(B, 9, 10, 10))
      .then([
        sold(adminPick(9, B, 10, 10, 1)),
        {
          type: 'NominationTurnPassed',
          data: { currentTeamTurn: A, currentRound: 1, nominationDeadline: null },
        },
      ]);
    expect(state).toMatchObject({
      status: 'paused',
      nominationDeadline: null,
      pausedNominationTimeLeftMs: 20_000,
    });
    expect(play(paused, assignPlayer(B, 9, 10, 10), resume(100)).at(-1)).toStrictEqual({
      type: 'DraftResumed',
      data: { resumedAt: at(100), auctionDeadline: null, nominationDeadline: at(120) },
    });
  });

  it('completes the draft when it filled the last roster', () => {
    const solo = startedEvents({ ...SETTINGS, teamsCount: 1, playersPerTeam: 1 }, [
      { teamId: B, teamNumber: 1 },
    ]);
    const state = given(solo)
      .when(assignPlayer(B, 9, 3, 10))
      .then([sold(adminPick(9, B, 3, 10, 1)), { type: 'DraftCompleted', data: { completedAt: at(10) } }]);
    expect(state.status).toBe('completed');
  });

  it('refuses to leave the high bidder of the open auction unable to pay its bid', () => {
    // BRAVO holds the $1 opening bid: after a $9 assignment it would have $1 for two open slots.
    given(open)
      .when(assignPlayer(B, 9, 9, 6))
      .thenThrows(ConflictError, 'The team could no longer pay its high bid in the running auction');
    given(open)
      .when(assignPlayer(B, 9, 8, 6))
      .then([sold(adminPick(9, B, 8, 6, 1))]);
  });
});

describe('UpdatePick', () => {
  // pick-1: BRAVO $3 (#1), pick-2: ALPHA $2 (#2); CHARLIE is on the clock.
  const two = play(started, ...sell(1, 3, 5, B), ...sell(2, 2, 40, A));
  const picks = () => given(two).state.picks;

  it('changes the cost, counting the refund of the old cost', () => {
    const [first] = picks();
    const state = given(two)
      .when(updatePick('pick-1', { cost: 10 }, 80))
      .then([
        {
          type: 'PickUpdated',
          data: { pick: { ...first!, cost: 10 }, previous: first!, updatedAt: at(80) },
        },
      ]);
    expect(draftTeamBudget(state, B)).toMatchObject({ spent: 10, remaining: 0, playerCount: 1 });
    given(two)
      .when(updatePick('pick-1', { cost: 11 }, 80))
      .thenThrows(ConflictError, 'Insufficient budget ($10 remaining)');
  });

  it('moves a pick to another team, which needs room and budget', () => {
    const [first] = picks();
    const state = given(two)
      .when(updatePick('pick-1', { teamId: C }, 80))
      .then([
        {
          type: 'PickUpdated',
          data: { pick: { ...first!, teamId: C }, previous: first!, updatedAt: at(80) },
        },
      ]);
    expect(draftTeamBudget(state, B)).toMatchObject({ spent: 0, playerCount: 0 });
    expect(draftTeamBudget(state, C)).toMatchObject({ spent: 3, playerCount: 1 });
    expect(state.picks.map((p) => p.pickNumber)).toStrictEqual([1, 2]);
    const cFull = play(two, assignPlayer(C, 7, 1, 81), assignPlayer(C, 8, 1, 81), assignPlayer(C, 9, 1, 81));
    given(cFull)
      .when(updatePick('pick-1', { teamId: C }, 82))
      .thenThrows(ConflictError, 'Team roster is full');
    const cSpent = play(two, assignPlayer(C, 7, 8, 81));
    given(cSpent)
      .when(updatePick('pick-1', { teamId: C }, 82))
      .thenThrows(ConflictError, 'Insufficient budget ($2 remaining)');
  });

  it('changes the player, never to one drafted by another pick or up for auction', () => {
    const [first] = picks();
    given(two)
      .when(updatePick('pick-1', { playerId: 'player-7', playerName: ' Player 7 ', position: 'QB' }, 80))
      .then([
        {
          type: 'PickUpdated',
          data: {
            pick: { ...first!, playerId: 'player-7', playerName: 'Player 7', position: 'QB' },
            previous: first!,
            updatedAt: at(80),
          },
        },
      ]);
    given(two)
      .when(updatePick('pick-1', { playerId: 'player-2' }, 80))
      .thenThrows(ConflictError, 'Player has already been drafted');
    const auctionOpen = play(two, nominate({ auctionId: 'a3', teamId: C, n: 3, seconds: 75 }));
    given(auctionOpen)
      .when(updatePick('pick-1', { playerId: 'player-3' }, 80))
      .thenThrows(ConflictError, 'Player is up for auction');
  });

  it('is a no-op when nothing changes', () => {
    given(two)
      .when(updatePick('pick-1', {}, 80))
      .then([]);
    given(two)
      .when(updatePick('pick-1', { playerId: 'player-1', cost: 3, teamId: B }, 80))
      .then([]);
  });

  it('checks the expected pick number', () => {
    given(two)
      .when(updatePick('pick-2', { cost: 1 }, 80, 1))
      .thenThrows(ConflictError, 'This pick is now pick #2; reload and try again');
    expect(draftDecider.decide(updatePick('pick-2', { cost: 1 }, 80, 2), given(two).state)).toHaveLength(1);
  });

  it('refuses an unknown pick and malformed changes', () => {
    given(two)
      .when(updatePick('pick-9', { cost: 1 }, 80))
      .thenThrows(NotFoundError, 'Pick not found');
    given(two)
      .when(updatePick('pick-1', { cost: 0 }, 80))
      .thenThrows(ValidationError, 'Cost must be at least $1');
    given(two)
      .when(updatePick('pick-1', { teamId: 'team-zulu' }, 80))
      .thenThrows(ValidationError, 'Team is not in this draft');
    given(two)
      .when(updatePick('pick-1', { playerName: '  ' }, 80))
      .thenThrows(ValidationError, 'Player name is required');
    given(two)
      .when(updatePick('pick-1', { playerId: '' }, 80))
      .thenThrows(ValidationError, 'Select a player');
    given(two)
      .when(updatePick('pick-1', null as never, 80))
      .thenThrows(ValidationError, 'Nothing to change');
  });

  it('refuses to leave the high bidder of the open auction unable to pay its bid', () => {
    // CHARLIE nominates at $8 (its max bid); moving BRAVO's $3 pick to it would leave it $7.
    const auctionOpen = play(two, nominate({ auctionId: 'a3', teamId: C, n: 3, openingBid: 8, seconds: 75 }));
    given(auctionOpen)
      .when(updatePick('pick-1', { teamId: C }, 80))
      .thenThrows(ConflictError, 'The team could no longer pay its high bid in the running auction');
  });

  it('reopens a completed draft when the change lets a team buy again', () => {
    const short = startedEvents({ ...SETTINGS, teamsCount: 1, playersPerTeam: 2, budgetPerTeam: 2 }, [
      { teamId: B, teamNumber: 1 },
    ]);
    const completed = play(short, assignPlayer(B, 1, 2, 5));
    const [event, reopened] = draftDecider.decide(
      updatePick('pick-1', { cost: 1 }, 60),
      given(completed).state,
    );
    expect(event?.type).toBe('PickUpdated');
    expect(reopened).toStrictEqual({
      type: 'DraftReopened',
      data: { reopenedAt: at(60), currentTeamTurn: B, currentRound: 2, nominationDeadline: at(80) },
    });
  });
});

describe('UndoPick', () => {
  const three = play(started, ...sell(1, 3, 5, B), ...sell(2, 2, 40, A), ...sell(3, 1, 80, C));

  it('takes one pick back, renumbers the later ones and refunds the team', () => {
    const before = given(three).state;
    const state = given(three)
      .when(undoPick('pick-2', 200))
      .then([{ type: 'PickUndone', data: { pick: before.picks[1]!, undoneAt: at(200) } }]);
    expect(state.picks.map((p) => [p.pickId, p.pickNumber])).toStrictEqual([
      ['pick-1', 1],
      ['pick-3', 2],
    ]);
    expect(draftTeamBudget(state, A)).toMatchObject({ spent: 0, remaining: 10, playerCount: 0 });
    // Nothing else moves: the turn and its clock stay.
    expect(state).toMatchObject({
      currentTeamTurn: before.currentTeamTurn,
      nominationDeadline: before.nominationDeadline,
    });
  });

  it('frees the player for a new nomination, and the next sale gets the next number', () => {
    const undone = play(three, undoPick('pick-2', 120));
    const resold = play(undone, ...sell(2, 1, 121, B));
    const state = given(resold).state;
    expect(state.picks.map((p) => [p.playerId, p.pickNumber])).toStrictEqual([
      ['player-1', 1],
      ['player-3', 2],
      ['player-2', 3],
    ]);
  });

  it('reopens a completed draft with a team on the clock and a new nomination deadline', () => {
    const solo = startedEvents({ ...SETTINGS, teamsCount: 1, playersPerTeam: 1 }, [
      { teamId: B, teamNumber: 1 },
    ]);
    const completed = play(solo, ...sell(1, 1, 5, B));
    expect(given(completed).state.status).toBe('completed');
    const state = given(completed)
      .when(undoPick('pick-1', 100))
      .then([
        { type: 'PickUndone', data: { pick: given(completed).state.picks[0]!, undoneAt: at(100) } },
        {
          type: 'DraftReopened',
          data: { reopenedAt: at(100), currentTeamTurn: B, currentRound: 2, nominationDeadline: at(120) },
        },
      ]);
    expect(state).toMatchObject({
      status: 'active',
      picks: [],
      currentTeamTurn: B,
      nominationDeadline: at(120),
    });
    expect(state).not.toHaveProperty('completedAt');
    expect(state).not.toHaveProperty('lastTeamTurn');
  });

  it('keeps a paused draft paused', () => {
    const state = given(play(three, pause(150)))
      .when(undoPick('pick-1', 160))
      .then([{ type: 'PickUndone', data: { pick: given(three).state.picks[0]!, undoneAt: at(160) } }]);
    expect(state.status).toBe('paused');
    expect(state.picks.map((p) => p.pickNumber)).toStrictEqual([1, 2]);
  });

  it('reopens a draft that a correction completed while paused as paused: only a resume restarts its clock', () => {
    // An admin paused, assigned the last open slot by mistake (the draft completed) and undid it: the draft came back
    // active with the nomination clock running, while the same two corrections in the other order kept it paused.
    const solo = startedEvents({ ...SETTINGS, teamsCount: 1, playersPerTeam: 1 }, [
      { teamId: B, teamNumber: 1 },
    ]);
    const completed = play(solo, pause(5), assignPlayer(B, 1, 3, 10));
    expect(given(completed).state.status).toBe('completed');
    const state = given(completed)
      .when(undoPick('pick-1', 100))
      .then([
        { type: 'PickUndone', data: { pick: given(completed).state.picks[0]!, undoneAt: at(100) } },
        {
          type: 'DraftReopened',
          data: { reopenedAt: at(100), currentTeamTurn: B, currentRound: 2, nominationDeadline: at(120) },
        },
        {
          type: 'DraftPaused',
          data: { pausedAt: at(100), auctionTimeLeftMs: null, nominationTimeLeftMs: 20_000 },
        },
      ]);
    expect(state).toMatchObject({
      status: 'paused',
      currentTeamTurn: B,
      nominationDeadline: null,
      pausedNominationTimeLeftMs: 20_000,
    });
    const resumed = given([...completed, ...play(completed, undoPick('pick-1', 100)).slice(completed.length)])
      .when(resume(300))
      .then([
        {
          type: 'DraftResumed',
          data: { resumedAt: at(300), auctionDeadline: null, nominationDeadline: at(320) },
        },
      ]);
    expect(resumed.status).toBe('active');
    // Completed while active, it reopens active, as before.
    const live = play(solo, assignPlayer(B, 1, 3, 10), undoPick('pick-1', 100));
    expect(given(live).state).toMatchObject({ status: 'active', nominationDeadline: at(120) });
  });

  it('answers not found for an unknown pick', () => {
    given(three).when(undoPick('pick-9', 200)).thenThrows(NotFoundError, 'Pick not found');
    given(three).when(undoPick('', 200)).thenThrows(ValidationError, 'Pick id is required');
  });
});
