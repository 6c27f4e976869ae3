import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { POSITIONS, type Position } from './limits.js';
import { auctionValues, startersPerPosition, type ValuedPlayerInput } from './auction-values.js';

const SETTINGS = { teamsCount: 2, playersPerTeam: 20, budgetPerTeam: 200 };

/** A pool of `perPosition` players at each position, points falling by 10 down the list. */
function pool(perPosition: number): ValuedPlayerInput[] {
  return POSITIONS.flatMap((position) =>
    Array.from({ length: perPosition }, (_, i) => ({
      playerId: `${position}${i}`,
      position,
      projectedPoints: 300 - i * 10,
    })),
  );
}

describe('startersPerPosition', () => {
  it('uses the documented split on a full roster and scales it down for a shorter one', () => {
    expect(startersPerPosition(20)).toStrictEqual({ QB: 2, RB: 5, WR: 6, TE: 2, K: 1, DEF: 1 });
    expect(startersPerPosition(10)).toStrictEqual({ QB: 1, RB: 2, WR: 3, TE: 1, K: 0, DEF: 0 });
  });
});

describe('auctionValues', () => {
  it('gives the players above the replacement level the league surplus and everyone else $1', () => {
    const { inflation, players } = auctionValues(pool(15), SETTINGS, []);
    expect(inflation).toBe(1);
    const byId = new Map(players.map((p) => [p.playerId, p]));
    // QB: 2 teams × 2 starters, the 5th QB is the replacement level.
    expect(byId.get('QB4')?.preDraftValue).toBe(1);
    expect(byId.get('QB0')?.preDraftValue).toBeGreaterThan(byId.get('QB3')?.preDraftValue ?? 0);
    expect(players.reduce((sum, p) => sum + p.preDraftValue - 1, 0)).toBe(400 - 40);
  });

  it('raises the values left when a player goes below its value', () => {
    const before = auctionValues(pool(15), SETTINGS, []);
    const star = before.players.find((p) => p.playerId === 'WR0');
    const after = auctionValues(pool(15), SETTINGS, [{ playerId: 'WR0', cost: 1 }]);
    expect(after.inflation).toBeGreaterThan(1);
    expect(after.players.find((p) => p.playerId === 'WR0')).toMatchObject({
      sold: true,
      auctionValue: star?.preDraftValue,
    });
    expect(after.players.find((p) => p.playerId === 'RB0')?.auctionValue).toBeGreaterThan(
      before.players.find((p) => p.playerId === 'RB0')?.auctionValue ?? Infinity,
    );
  });

  it('values everyone at $1 when nobody is above the replacement level', () => {
    const flat = pool(3).map((p) => ({ ...p, projectedPoints: null }));
    const { inflation, players } = auctionValues(flat, SETTINGS, []);
    expect(inflation).toBe(1);
    expect(players.every((p) => p.auctionValue === 1)).toBe(true);
  });
});

const positionArb = fc.constantFrom<Position>(...POSITIONS);
const settingsArb = fc.record({
  teamsCount: fc.integer({ min: 1, max: 12 }),
  playersPerTeam: fc.integer({ min: 1, max: 20 }),
  budgetPerTeam: fc.integer({ min: 20, max: 1000 }),
});
const caseArb = settingsArb.chain((settings) =>
  fc
    .array(
      fc.record({
        position: positionArb,
        projectedPoints: fc.option(fc.double({ min: 0, max: 500, noNaN: true })),
      }),
      {
        minLength: settings.teamsCount * settings.playersPerTeam,
        maxLength: settings.teamsCount * settings.playersPerTeam + 40,
      },
    )
    .map((rows) => ({
      settings,
      players: rows.map((row, i) => ({ playerId: `p${i}`, ...row })) as ValuedPlayerInput[],
    })),
);

describe('auctionValues properties', () => {
  it('spends the league dollars: the values of the best roster-count players add up to teams × budget', () => {
    fc.assert(
      fc.property(caseArb, ({ settings, players }) => {
        const values = auctionValues(players, settings, []).players.map((p) => p.preDraftValue);
        const slots = settings.teamsCount * settings.playersPerTeam;
        const drafted = values.sort((a, b) => b - a).slice(0, slots);
        const total = drafted.reduce((sum, v) => sum + v, 0);
        const anyValue = values.some((v) => v > 1);
        // With nobody above replacement every value is the $1 floor; otherwise exactly the league's dollars.
        expect(total).toBe(anyValue ? settings.teamsCount * settings.budgetPerTeam : slots);
      }),
    );
  });

  it('never values a player below $1 and has inflation 1 before any sale', () => {
    fc.assert(
      fc.property(caseArb, ({ settings, players }) => {
        const result = auctionValues(players, settings, []);
        expect(result.inflation).toBe(1);
        for (const p of result.players) {
          expect(p.preDraftValue).toBeGreaterThanOrEqual(1);
          expect(p.auctionValue).toBe(p.preDraftValue);
        }
      }),
    );
  });

  it('raises inflation when a player sells below its value, and values stay at least $1', () => {
    fc.assert(
      fc.property(caseArb, fc.nat(), fc.nat(), ({ settings, players }, pickIndex, costSeed) => {
        const before = auctionValues(players, settings, []);
        const valued = before.players.filter((p) => p.preDraftValue > 1);
        const totalAbove = valued.reduce((sum, p) => sum + p.preDraftValue - 1, 0);
        fc.pre(valued.length > 0);
        const target = valued[pickIndex % valued.length]!;
        // Something else must stay on the board for inflation to mean anything.
        fc.pre(totalAbove > target.preDraftValue - 1);
        const cost = 1 + (costSeed % (target.preDraftValue - 1));
        const after = auctionValues(players, settings, [{ playerId: target.playerId, cost }]);
        expect(after.inflation).toBeGreaterThan(1);
        for (const p of after.players) expect(p.auctionValue).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
