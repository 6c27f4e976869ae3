import { describe, expect, it } from '@jest/globals';
import type { ProviderPlayer } from './player-provider.js';
import { checkCatalogue } from './validate-records.js';

const player = (providerId: string, overrides: Partial<ProviderPlayer> = {}): ProviderPlayer => ({
  provider: 'sleeper',
  providerId,
  name: `Player ${providerId}`,
  position: 'QB',
  team: 'KC',
  jerseyNumber: 15,
  age: 30,
  status: 'Active',
  injuryStatus: null,
  projectedPoints: 300,
  adp: 20,
  auctionValue: 30,
  ...overrides,
});

describe('checkCatalogue', () => {
  it('passes a valid catalogue through', () => {
    const players = [player('1'), player('2', { team: null, jerseyNumber: null })];
    expect(checkCatalogue(players, 'test')).toEqual(players);
  });

  it('refuses duplicates, invalid players and an empty answer, naming the reason', () => {
    expect(() => checkCatalogue([player('1'), player('1')], 'test')).toThrow(
      'Player id sleeper/1 appears twice',
    );
    expect(() => checkCatalogue([player('1'), player('2', { jerseyNumber: 100 })], 'test')).toThrow(
      'Player 2 is invalid: jersey number must be a whole number from 0 to 99',
    );
    expect(() => checkCatalogue([player('1', { position: 'LB' as 'QB' })], 'test')).toThrow(
      'Player 1 is invalid: Position must be one of QB, RB, WR, TE, K, DEF',
    );
    expect(() => checkCatalogue([], 'test')).toThrow('The provider returned no players');
  });
});
