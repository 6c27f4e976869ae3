import { budgetColour, type BudgetColour } from '@auction/domain';

// Which colour a remaining budget gets is the domain's rule (docs/product.md §9); here only its Tailwind classes.
const TEXT: Record<BudgetColour, string> = {
  red: 'text-red-600',
  amber: 'text-amber-600',
  green: 'text-green-600',
};

const BAR: Record<BudgetColour, string> = {
  red: 'bg-red-500',
  amber: 'bg-amber-500',
  green: 'bg-green-500',
};

/** Text colour class for a remaining budget. */
export function budgetColourClass(remaining: number): string {
  return TEXT[budgetColour(remaining)];
}

/** Background colour class (bars, dots) for a remaining budget. */
export function budgetBarClass(remaining: number): string {
  return BAR[budgetColour(remaining)];
}

export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
