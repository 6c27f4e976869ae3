import { describe, it, expect } from '@jest/globals';
import { openRosterSlots, rosterSize } from './roster.js';

describe('rosterSize', () => {
  it.each([
    [20, 20],
    [1, 1],
    [25, 20],
  ])('a draft of %p players per team holds %p', (playersPerTeam, expected) => {
    expect(rosterSize(playersPerTeam)).toBe(expected);
  });
});

describe('openRosterSlots', () => {
  it.each([
    [0, 20, 20],
    [17, 20, 3],
    [20, 20, 0],
    [12, 10, 0],
    [0, 30, 20],
  ])('%p players in a draft of %p per team leave %p open', (playerCount, playersPerTeam, expected) => {
    expect(openRosterSlots(playerCount, playersPerTeam)).toBe(expected);
  });
});
