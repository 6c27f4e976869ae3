import { describe, expect, it } from '@jest/globals';
import { playerSchema, playerStatsSummarySchema } from '@auction/contracts';
import {
  numericOrNull,
  roundedAverage,
  toPlayerJson,
  toStatsSummary,
  type PlayerRow,
  type PlayerStatsRow,
} from './player.mapper.js';

const row: PlayerRow = {
  id: '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11',
  provider: 'sleeper',
  provider_id: '9509',
  name: 'Bijan Robinson',
  position: 'RB',
  team: 'ATL',
  jersey_number: 7,
  age: 24,
  status: 'Active',
  injury_status: null,
  projected_points: '324.9',
  adp: '1.8',
  auction_value: '63.31',
  cost: null,
  is_drafted: false,
  drafted_by_team_id: null,
  draft_id: null,
  updated_at: new Date('2026-11-22T03:00:00.000Z'),
};

describe('toPlayerJson', () => {
  it("maps a row to the contracts' player, numeric text as numbers and the provider id as playerId", () => {
    const player = toPlayerJson(row);
    expect(player).toEqual({
      _id: row.id,
      provider: 'sleeper',
      providerId: '9509',
      playerId: '9509',
      name: 'Bijan Robinson',
      position: 'RB',
      team: 'ATL',
      jerseyNumber: 7,
      age: 24,
      status: 'Active',
      injuryStatus: null,
      projectedPoints: 324.9,
      adp: 1.8,
      auctionValue: 63.31,
      cost: null,
      isDrafted: false,
      draftedByTeamId: null,
      draftId: null,
      updatedAt: '2026-11-22T03:00:00.000Z',
    });
    expect(playerSchema.parse(player)).toEqual(player);
  });

  it('keeps missing numbers null and shows draft state', () => {
    const drafted = toPlayerJson({
      ...row,
      projected_points: null,
      adp: null,
      auction_value: null,
      cost: 45,
      is_drafted: true,
      drafted_by_team_id: '1b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11',
      draft_id: '2b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11',
    });
    expect(drafted).toMatchObject({
      projectedPoints: null,
      adp: null,
      auctionValue: null,
      cost: 45,
      isDrafted: true,
      draftedByTeamId: '1b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11',
      draftId: '2b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11',
    });
  });
});

describe('numbers', () => {
  it('parses numeric text and refuses what is not a number', () => {
    expect(numericOrNull('0.0')).toBe(0);
    expect(numericOrNull('-12.5')).toBe(-12.5);
    expect(numericOrNull(3)).toBe(3);
    expect(numericOrNull(null)).toBeNull();
    expect(() => numericOrNull('NaN')).toThrow('not a number');
  });

  it('rounds averages half away from zero to the given places', () => {
    expect(roundedAverage('187.04999', 1)).toBe(187);
    expect(roundedAverage('187.05', 1)).toBe(187.1);
    expect(roundedAverage('12.3456', 2)).toBe(12.35);
    expect(roundedAverage(null, 2)).toBeNull();
  });
});

describe('toStatsSummary', () => {
  const stats = (overrides: Partial<PlayerStatsRow>): PlayerStatsRow => ({
    position: null,
    total: 0,
    drafted: 0,
    average_projected_points: null,
    average_adp: null,
    average_cost: null,
    last_synced_at: null,
    ...overrides,
  });

  it('lists every position in the contracts order, zeros for positions without players', () => {
    const summary = toStatsSummary([
      stats({
        position: 'WR',
        total: 3,
        drafted: 1,
        average_projected_points: '200.333',
        average_adp: '10.25',
        average_cost: '40.000',
      }),
      stats({ position: 'QB', total: 2, drafted: 0, average_projected_points: '300.05', average_adp: '20' }),
      stats({
        total: 5,
        drafted: 1,
        average_projected_points: '240.22',
        average_cost: '40',
        last_synced_at: new Date('2026-11-22T02:00:00.000Z'),
      }),
    ]);
    expect(playerStatsSummarySchema.parse(summary)).toEqual(summary);
    expect(summary).toMatchObject({
      total: 5,
      drafted: 1,
      available: 4,
      averageProjectedPoints: 240.2,
      averageCost: 40,
      lastSyncedAt: '2026-11-22T02:00:00.000Z',
    });
    expect(summary.byPosition.map((p) => p.position)).toEqual(['QB', 'RB', 'WR', 'TE', 'K', 'DEF']);
    expect(summary.byPosition[0]).toEqual({
      position: 'QB',
      total: 2,
      drafted: 0,
      available: 2,
      averageProjectedPoints: 300.1,
      averageAdp: 20,
      averageCost: null,
    });
    expect(summary.byPosition[1]).toEqual({
      position: 'RB',
      total: 0,
      drafted: 0,
      available: 0,
      averageProjectedPoints: null,
      averageAdp: null,
      averageCost: null,
    });
    expect(summary.byPosition[2]).toMatchObject({
      averageProjectedPoints: 200.3,
      averageAdp: 10.3,
      averageCost: 40,
    });
  });

  it('summarises an empty pool', () => {
    expect(toStatsSummary([stats({})])).toMatchObject({
      total: 0,
      drafted: 0,
      available: 0,
      averageProjectedPoints: null,
      averageCost: null,
      lastSyncedAt: null,
    });
    expect(toStatsSummary([]).total).toBe(0);
  });
});
