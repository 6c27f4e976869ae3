import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { budgetColour, maxBid, minimumNextBid, teamBudget } from './budget.js';

describe('budgetColour', () => {
  it.each([
    [0, 'red'],
    [49, 'red'],
    [50, 'amber'],
    [99, 'amber'],
    [100, 'green'],
    [260, 'green'],
    [-5, 'red'],
  ] as const)('colours $%p remaining %p', (remaining, colour) => {
    expect(budgetColour(remaining)).toBe(colour);
  });
});

describe('teamBudget', () => {
  const picks = [
    { teamId: 'a', cost: 40 },
    { teamId: 'b', cost: 7 },
    { teamId: 'a', cost: 1 },
  ];

  it('sums what one team spent and counts its players', () => {
    expect(teamBudget(picks, 'a', 260, 20)).toStrictEqual({
      total: 260,
      spent: 41,
      remaining: 219,
      playerCount: 2,
      slotsRemaining: 18,
    });
  });

  it('gives a full budget to a team without picks', () => {
    expect(teamBudget(picks, 'c', 200, 15)).toStrictEqual({
      total: 200,
      spent: 0,
      remaining: 200,
      playerCount: 0,
      slotsRemaining: 15,
    });
  });

  it('never reports negative free slots', () => {
    expect(teamBudget(picks, 'a', 260, 1).slotsRemaining).toBe(0);
  });

  it('always splits the total into spent and remaining', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ teamId: fc.constantFrom('a', 'b'), cost: fc.integer({ min: 1, max: 100 }) })),
        fc.integer({ min: 1, max: 10_000 }),
        (sold, total) => {
          const a = teamBudget(sold, 'a', total, 20);
          const b = teamBudget(sold, 'b', total, 20);
          expect(a.spent + a.remaining).toBe(total);
          expect(a.playerCount + b.playerCount).toBe(sold.length);
          expect(a.spent + b.spent).toBe(sold.reduce((sum, p) => sum + p.cost, 0));
        },
      ),
    );
  });
});

describe('maxBid', () => {
  it.each([
    [260, 20, 241],
    [10, 3, 8],
    [5, 1, 5],
    [3, 3, 1],
    [2, 3, 0],
    [7, 0, 0],
    [0, 2, 0],
  ])('is $%p remaining with %p open slots: $%p', (remaining, slotsRemaining, expected) => {
    expect(maxBid({ remaining, slotsRemaining })).toBe(expected);
  });

  it('always leaves $1 for every other open slot', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 1, max: 20 }), (remaining, slots) => {
        const most = maxBid({ remaining, slotsRemaining: slots });
        expect(most).toBeGreaterThanOrEqual(0);
        if (most > 0) expect(remaining - most).toBe(slots - 1);
      }),
    );
  });
});

describe('minimumNextBid', () => {
  it.each([
    [1, 2],
    [20, 21],
    [240, 241],
  ])('beats a current bid of $%p with at least $%p', (currentBid, expected) => {
    expect(minimumNextBid(currentBid)).toBe(expected);
  });
});
