import { describe, it, expect } from '@jest/globals';
import { ValidationError } from '../shared/errors.js';
import {
  A,
  B,
  C,
  SETTINGS,
  assignPlayer,
  at,
  nominated,
  pause,
  play,
  sell,
  startedEvents,
} from '../__tests__/auction.fixtures.js';
import { auctionTimeLeftMs, nominationTimeLeftMs } from './draft.clock.js';
import { draftTeamBudget, isPlayerDrafted, isTeamInDraft, teamStandings } from './draft.standings.js';
import { foldDraft } from './draft.state.js';
import { nextNominatingTeam } from './draft.turn.js';

const started = startedEvents();

describe('teamStandings and draftTeamBudget', () => {
  it("works out every team's money, roster and max bid from the picks, in turn order", () => {
    const state = foldDraft(play(started, ...sell(1, 3, 5, B), assignPlayer(C, 9, 9, 40)));
    expect(teamStandings(state)).toStrictEqual([
      {
        teamId: B,
        total: 10,
        spent: 3,
        remaining: 7,
        playerCount: 1,
        slotsRemaining: 2,
        maxBid: 6,
        canBuy: true,
      },
      {
        teamId: A,
        total: 10,
        spent: 0,
        remaining: 10,
        playerCount: 0,
        slotsRemaining: 3,
        maxBid: 8,
        canBuy: true,
      },
      // $1 left for two open slots: it cannot bid any more.
      {
        teamId: C,
        total: 10,
        spent: 9,
        remaining: 1,
        playerCount: 1,
        slotsRemaining: 2,
        maxBid: 0,
        canBuy: false,
      },
    ]);
    expect(draftTeamBudget(state, A).maxBid).toBe(8);
  });

  it('gives a full roster a max bid of 0', () => {
    const state = foldDraft(
      play(started, assignPlayer(A, 7, 1, 1), assignPlayer(A, 8, 1, 1), assignPlayer(A, 9, 1, 1)),
    );
    expect(draftTeamBudget(state, A)).toMatchObject({
      remaining: 7,
      slotsRemaining: 0,
      maxBid: 0,
      canBuy: false,
    });
  });

  it('tells drafted players and playing teams', () => {
    const state = foldDraft(play(started, ...sell(1, 3, 5, B)));
    expect(isPlayerDrafted(state, 'player-1')).toBe(true);
    expect(isPlayerDrafted(state, 'player-2')).toBe(false);
    expect(isTeamInDraft(state, C)).toBe(true);
    expect(isTeamInDraft(state, 'team-zulu')).toBe(false);
  });
});

describe('nextNominatingTeam', () => {
  it('is the next team by number that can buy, wrapping into a new round', () => {
    expect(nextNominatingTeam(foldDraft(started))).toStrictEqual({ teamId: A, round: 1 });
    const cOnClock = foldDraft(play(started, ...sell(1, 1, 5, B), ...sell(2, 1, 40, A)));
    expect(cOnClock.currentTeamTurn).toBe(C);
    expect(nextNominatingTeam(cOnClock)).toStrictEqual({ teamId: B, round: 2 });
  });

  it('is null when no team can buy', () => {
    const solo = startedEvents({ ...SETTINGS, teamsCount: 1, playersPerTeam: 1 }, [
      { teamId: B, teamNumber: 1 },
    ]);
    expect(nextNominatingTeam(foldDraft(play(solo, assignPlayer(B, 1, 1, 1))))).toBeNull();
  });
});

describe('auctionTimeLeftMs and nominationTimeLeftMs', () => {
  it('count down to the deadline, never below 0', () => {
    const open = foldDraft([...started, nominated()]);
    expect(auctionTimeLeftMs(open, at(5))).toBe(30_000);
    expect(auctionTimeLeftMs(open, at(34.5))).toBe(500);
    expect(auctionTimeLeftMs(open, at(99))).toBe(0);
    expect(nominationTimeLeftMs(open, at(6))).toBeNull();
    const idle = foldDraft(started);
    expect(auctionTimeLeftMs(idle, at(6))).toBeNull();
    expect(nominationTimeLeftMs(idle, at(6))).toBe(14_000);
    expect(nominationTimeLeftMs(idle, at(21))).toBe(0);
  });

  it('stand still while paused', () => {
    const paused = foldDraft(play([...started, nominated()], pause(10)));
    expect(auctionTimeLeftMs(paused, at(10))).toBe(25_000);
    expect(auctionTimeLeftMs(paused, at(1000))).toBe(25_000);
    expect(nominationTimeLeftMs(paused, at(1000))).toBeNull();
  });

  it('refuse an unreadable time', () => {
    expect(() => auctionTimeLeftMs(foldDraft([...started, nominated()]), 'later')).toThrow(ValidationError);
  });
});
