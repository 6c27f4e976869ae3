import { MIN_BID } from '../rules/limits.js';
import { maxBid, teamBudget, type TeamBudget } from '../rules/budget.js';
import type { DraftState } from './draft.state.js';

/** A team's money and roster in a draft, worked out from the picks (the picks are the truth). */
export type DraftTeamBudget = TeamBudget & {
  teamId: string;
  /** Remaining budget minus $1 for each other open slot; 0 for a full roster. */
  maxBid: number;
  /** Whether the team can still win an auction: an open slot and a max bid of at least $1. */
  canBuy: boolean;
};

export function draftTeamBudget(state: DraftState, teamId: string): DraftTeamBudget {
  const { budgetPerTeam, playersPerTeam } = state.settings;
  const budget = teamBudget(state.picks, teamId, budgetPerTeam, playersPerTeam);
  const most = maxBid(budget);
  return { teamId, ...budget, maxBid: most, canBuy: most >= MIN_BID };
}

/** Every playing team's budget, in turn order (team number). */
export function teamStandings(state: DraftState): DraftTeamBudget[] {
  return state.teamOrder.map((teamId) => draftTeamBudget(state, teamId));
}

export const isTeamInDraft = (state: DraftState, teamId: string): boolean => state.teamOrder.includes(teamId);

/** Whether a player is taken in this draft (picked). A player up for auction is not drafted yet. */
export const isPlayerDrafted = (state: DraftState, playerId: string): boolean =>
  state.picks.some((pick) => pick.playerId === playerId);
