import { describe, it, expect } from '@jest/globals';
import * as domain from './index.js';

describe('public API', () => {
  it('exposes the deciders with the Emmett shape and the rules', () => {
    for (const decider of [domain.draftDecider, domain.teamDecider]) {
      expect(typeof decider.initialState).toBe('function');
      expect(typeof decider.decide).toBe('function');
      expect(typeof decider.evolve).toBe('function');
    }
    expect(domain.foldDraft([])).toStrictEqual(domain.draftDecider.initialState());
    expect(domain.foldTeam([])).toStrictEqual(domain.teamDecider.initialState());
    expect(domain.DEFAULT_DRAFT_SETTINGS).toStrictEqual({
      teamsCount: 12,
      playersPerTeam: 20,
      budgetPerTeam: 260,
      draftType: 'auction',
      auctionTimeLimit: 30,
      bidTimeReset: 30,
      nominationTimeLimit: 30,
    });
    expect(domain.BID_INCREMENTS).toStrictEqual([1, 2, 5, 10]);
    expect(domain.POSITIONS).toStrictEqual(['QB', 'RB', 'WR', 'TE', 'K', 'DEF']);
    expect([
      domain.ROSTER_MAX,
      domain.MIN_BID,
      domain.AUCTION_DEFAULT_SECONDS,
      domain.CHAT_MESSAGE_MAX,
    ]).toStrictEqual([20, 1, 30, 500]);
    expect([domain.TEAM_NUMBER_MIN, domain.TEAM_NUMBER_MAX]).toStrictEqual([1, 12]);
    expect(domain.BUDGET_COLOUR_THRESHOLDS).toStrictEqual({ red: 50, amber: 100 });
  });

  it('exposes the derived draft views the API and the UI read', () => {
    const state = domain.foldDraft([]);
    expect(domain.teamStandings(state)).toStrictEqual([]);
    expect(domain.draftTeamBudget(state, 'team-a')).toMatchObject({
      remaining: 260,
      maxBid: 241,
      canBuy: true,
    });
    expect(domain.nextNominatingTeam(state)).toBeNull();
    expect(domain.auctionTimeLeftMs(state, '2025-09-01T19:00:00.000Z')).toBeNull();
    expect(domain.nominationTimeLeftMs(state, '2025-09-01T19:00:00.000Z')).toBeNull();
    expect(domain.isPlayerDrafted(state, 'p1')).toBe(false);
    expect(domain.isTeamInDraft(state, 'team-a')).toBe(false);
    expect(domain.maxBid({ remaining: 10, slotsRemaining: 3 })).toBe(8);
    expect([domain.CLOCK_SECONDS_MIN, domain.CLOCK_SECONDS_MAX]).toStrictEqual([2, 600]);
  });

  it('freezes the shared defaults so no caller can change them for everyone', () => {
    expect(Object.isFrozen(domain.DEFAULT_DRAFT_SETTINGS)).toBe(true);
  });
});
