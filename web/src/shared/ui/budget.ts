/** Spec section 9: remaining budget under 50 is red, under 100 amber, otherwise green. */
export type BudgetLevel = 'low' | 'medium' | 'healthy';

export function budgetLevel(remaining: number): BudgetLevel {
  if (remaining < 50) return 'low';
  if (remaining < 100) return 'medium';
  return 'healthy';
}

const TEXT: Record<BudgetLevel, string> = {
  low: 'text-red-600',
  medium: 'text-amber-600',
  healthy: 'text-green-600',
};

const BAR: Record<BudgetLevel, string> = {
  low: 'bg-red-500',
  medium: 'bg-amber-500',
  healthy: 'bg-green-500',
};

/** Text colour class for a remaining budget. */
export function budgetColourClass(remaining: number): string {
  return TEXT[budgetLevel(remaining)];
}

/** Background colour class (bars, dots) for a remaining budget. */
export function budgetBarClass(remaining: number): string {
  return BAR[budgetLevel(remaining)];
}

export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
