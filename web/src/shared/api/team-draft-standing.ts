import type { Draft, Pick } from '@auction/contracts';
import { teamBudget, type TeamBudget } from '@auction/domain';

/**
 * A team as it stands in one draft, from that draft's picks (GET /drafts/{id}/picks) rather than from GET /teams,
 * which answers the team's current draft: its picks in pick order and its budget.
 */
export function teamDraftStanding(
  draft: Draft,
  picks: readonly Pick[],
  teamId: string,
): { picks: Pick[]; budget: TeamBudget } {
  const { budgetPerTeam, playersPerTeam } = draft.settings;
  const own = picks
    .filter((pick) => pick.draftId === draft._id && pick.teamId._id === teamId)
    .sort((a, b) => a.pickNumber - b.pickNumber);
  const budget = teamBudget(
    own.map((pick) => ({ teamId, cost: pick.cost })),
    teamId,
    budgetPerTeam,
    playersPerTeam,
  );
  return { picks: own, budget };
}
