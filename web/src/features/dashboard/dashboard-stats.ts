import type { Draft, Team } from '@auction/contracts';

export const RECENT_DRAFTS_SHOWN = 5;

export interface DashboardCounters {
  totalDrafts: number;
  activeDrafts: number;
  completedDrafts: number;
  teams: number;
}

export function dashboardCounters(drafts: readonly Draft[], teams: readonly Team[]): DashboardCounters {
  return {
    totalDrafts: drafts.length,
    activeDrafts: drafts.filter((draft) => draft.status === 'active').length,
    completedDrafts: drafts.filter((draft) => draft.status === 'completed').length,
    teams: teams.length,
  };
}

/** The team the user owns (matched by ownerId._id: docs/product.md §2.5 (Dashboard)), if any. */
export function ownTeam(teams: readonly Team[], userId: string | undefined): Team | undefined {
  if (!userId) return undefined;
  return teams.find((team) => team.ownerId?._id === userId);
}
