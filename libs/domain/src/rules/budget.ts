import { BUDGET_COLOUR_THRESHOLDS, MIN_BID } from './limits.js';
import { openRosterSlots } from './roster.js';

export type BudgetColour = 'red' | 'amber' | 'green';

export function budgetColour(remaining: number): BudgetColour {
  if (remaining < BUDGET_COLOUR_THRESHOLDS.red) return 'red';
  if (remaining < BUDGET_COLOUR_THRESHOLDS.amber) return 'amber';
  return 'green';
}

export type TeamBudget = {
  total: number;
  spent: number;
  remaining: number;
  playerCount: number;
  slotsRemaining: number;
};

/** What a team has spent and has left, worked out from the draft's picks (the picks are the truth). */
export function teamBudget(
  picks: ReadonlyArray<{ teamId: string; cost: number }>,
  teamId: string,
  budgetTotal: number,
  playersPerTeam: number,
): TeamBudget {
  let spent = 0;
  let playerCount = 0;
  for (const pick of picks) {
    if (pick.teamId !== teamId) continue;
    spent += pick.cost;
    playerCount += 1;
  }
  return {
    total: budgetTotal,
    spent,
    remaining: budgetTotal - spent,
    playerCount,
    slotsRemaining: openRosterSlots(playerCount, playersPerTeam),
  };
}

/**
 * The most a team may bid: what it has left minus $1 kept for each other open slot, so it can always fill its
 * roster. 0 for a full roster, and never negative (a correction can leave a team short of $1 per slot).
 */
export function maxBid(budget: { remaining: number; slotsRemaining: number }): number {
  if (budget.slotsRemaining <= 0) return 0;
  return Math.max(0, budget.remaining - MIN_BID * (budget.slotsRemaining - 1));
}

/** The lowest bid that beats `currentBid`: every bid raises the price by at least $1 (docs/product.md §4.4). */
export function minimumNextBid(currentBid: number): number {
  return currentBid + MIN_BID;
}
