import { describe, expect, it } from '@jest/globals';
import { budgetUsedPercent, groupRosterByPosition, type RosterPlayerLike } from '../roster-grouping.js';

const player = (playerName: string, position: string | null, cost: number): RosterPlayerLike => ({
  playerName,
  position,
  cost,
});

describe('groupRosterByPosition', () => {
  it('orders groups QB, RB, WR, TE, K, DEF, DST, Unknown, then other positions alphabetically', () => {
    const roster = [
      player('Punter', 'P', 1),
      player('Kicker', 'K', 1),
      player('Nobody', '', 1),
      player('Defense', 'DEF', 2),
      player('Tight End', 'TE', 3),
      player('Linebacker', 'LB', 1),
      player('Special Teams', 'DST', 1),
      player('Receiver', 'WR', 10),
      player('Runner', 'RB', 20),
      player('Passer', 'QB', 30),
      player('Fullback', 'FB', 1),
    ];
    expect(groupRosterByPosition(roster).map((group) => group.position)).toEqual([
      'QB',
      'RB',
      'WR',
      'TE',
      'K',
      'DEF',
      'DST',
      'Unknown',
      'FB',
      'LB',
      'P',
    ]);
  });

  it('sorts players by cost descending, then by name', () => {
    const roster = [
      player('Zed', 'RB', 10),
      player('Amy', 'RB', 10),
      player('Max', 'RB', 45),
      player('Bo', 'RB', 1),
    ];
    expect(groupRosterByPosition(roster)[0].players.map((p) => p.playerName)).toEqual([
      'Max',
      'Amy',
      'Zed',
      'Bo',
    ]);
  });

  it('totals cost and counts players per group', () => {
    const groups = groupRosterByPosition([
      player('A', 'WR', 12),
      player('B', 'WR', 30),
      player('C', 'QB', 41),
    ]);
    expect(groups.map(({ position, totalCost, count }) => ({ position, totalCost, count }))).toEqual([
      { position: 'QB', totalCost: 41, count: 1 },
      { position: 'WR', totalCost: 42, count: 2 },
    ]);
  });

  it('puts players without a position under Unknown', () => {
    const groups = groupRosterByPosition([player('A', null, 1), player('B', '  ', 2)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ position: 'Unknown', count: 2, totalCost: 3 });
  });

  it('returns no groups for an empty roster and does not reorder its input', () => {
    expect(groupRosterByPosition([])).toEqual([]);
    const roster = [player('B', 'QB', 1), player('A', 'QB', 2)];
    groupRosterByPosition(roster);
    expect(roster.map((p) => p.playerName)).toEqual(['B', 'A']);
  });
});

describe('budgetUsedPercent', () => {
  it('is the spent share of the total, clamped to 0..100', () => {
    expect(budgetUsedPercent(65, 260)).toBe(25);
    expect(budgetUsedPercent(1, 3).toFixed(1)).toBe('33.3');
    expect(budgetUsedPercent(0, 0)).toBe(0);
    expect(budgetUsedPercent(300, 260)).toBe(100);
  });
});
