import type { Team } from '@auction/contracts';
import { MIN_BID, openRosterSlots } from '@auction/domain';

/** docs/product.md §9 (Constants): the assignment panel searches 20 players. */
export const ASSIGN_SEARCH_LIMIT = 20;
/** docs/product.md §9 (Constants): the page reloads about 1 second after an assignment. */
export const RELOAD_AFTER_ASSIGN_MS = 1_000;

export const ASSIGN_TEXTS = {
  title: 'Assign Player to Team',
  rosterFullLabel: 'Roster Full',
  insufficientBudgetLabel: 'Insufficient Budget',
  rosterFull: 'Team roster is full',
  insufficientBudget: 'Insufficient budget',
  costTooLow: `Cost must be at least $${MIN_BID}`,
  noTeam: 'No team selected',
  noPlayer: 'No player selected',
  failed: 'Failed to assign player to team',
  searchFailed: 'Failed to search players',
  assigned: (player: string, team: string, cost: number) => `Assigned ${player} to ${team} for $${cost}`,
  rosterFullToast: (team: string, players: number, max: number) =>
    `${team} roster is full (${players}/${max} players)`,
  budgetToast: (team: string, remaining: number) =>
    `${team} doesn't have enough budget ($${remaining} remaining)`,
} as const;

/**
 * docs/product.md §5.4 (Assignment panel): the cost is an integer, the smallest cost ($1) when the box does not hold a
 * number.
 */
export function parseCost(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? MIN_BID : value;
}

export function isRosterFull(team: Pick<Team, 'players'>, playersPerTeam: number): boolean {
  return openRosterSlots(team.players.length, playersPerTeam) === 0;
}

export function lacksBudget(team: Pick<Team, 'budget'>, cost: number): boolean {
  return team.budget.remaining < cost;
}

/** Why Assign is disabled, or null (docs/product.md §5.4 (Assignment panel)). */
export function assignProblem({
  hasPlayer,
  team,
  cost,
  playersPerTeam,
}: {
  hasPlayer: boolean;
  team: Team | null;
  cost: number;
  playersPerTeam: number;
}): string | null {
  if (!hasPlayer) return ASSIGN_TEXTS.noPlayer;
  if (!team) return ASSIGN_TEXTS.noTeam;
  if (isRosterFull(team, playersPerTeam)) return ASSIGN_TEXTS.rosterFull;
  if (cost < MIN_BID) return ASSIGN_TEXTS.costTooLow;
  if (lacksBudget(team, cost)) return ASSIGN_TEXTS.insufficientBudget;
  return null;
}
