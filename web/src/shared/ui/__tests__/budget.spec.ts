import { describe, expect, it } from '@jest/globals';
import { budgetBarClass, budgetColourClass, formatDollars } from '../budget.js';
import { statusBadgeClass } from '../status-badge.js';

describe('budgetColourClass (spec: red under 50, amber under 100, otherwise green)', () => {
  it.each([
    [-5, 'text-red-600'],
    [0, 'text-red-600'],
    [49, 'text-red-600'],
    [50, 'text-amber-600'],
    [99, 'text-amber-600'],
    [100, 'text-green-600'],
    [260, 'text-green-600'],
  ])('remaining %i → %s', (remaining, expected) => {
    expect(budgetColourClass(remaining)).toBe(expected);
  });

  it('uses the same thresholds for bars', () => {
    expect([49, 50, 99, 100].map(budgetBarClass)).toEqual([
      'bg-red-500',
      'bg-amber-500',
      'bg-amber-500',
      'bg-green-500',
    ]);
  });

  it('formats dollars with thousands separators', () => {
    expect(formatDollars(0)).toBe('$0');
    expect(formatDollars(1250)).toBe('$1,250');
  });
});

describe('statusBadgeClass', () => {
  it('colours created blue, active green, paused amber, completed gray and others neutrally', () => {
    expect(statusBadgeClass('created')).toContain('blue');
    expect(statusBadgeClass('active')).toContain('green');
    expect(statusBadgeClass('paused')).toContain('amber');
    expect(statusBadgeClass('completed')).toContain('gray');
    expect(statusBadgeClass('archived')).toContain('slate');
  });
});
