import type { Draft, Team } from '@auction/contracts';

/** The "System Stats" figures of the admin dashboard. */
export interface AdminStats {
  totalDrafts: number;
  activeDrafts: number;
  completedDrafts: number;
  totalTeams: number;
  teamsWithOwners: number;
}

type DraftLike = Pick<Draft, 'status'>;
type TeamLike = Pick<Team, 'ownerId'>;

export function computeAdminStats(drafts: readonly DraftLike[], teams: readonly TeamLike[]): AdminStats {
  return {
    totalDrafts: drafts.length,
    activeDrafts: drafts.filter((draft) => draft.status === 'active').length,
    completedDrafts: drafts.filter((draft) => draft.status === 'completed').length,
    totalTeams: teams.length,
    // The API sends `ownerId: null` for a team without owner; older answers may leave it out.
    teamsWithOwners: teams.filter((team) => team.ownerId != null).length,
  };
}
