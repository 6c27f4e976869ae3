import type { Draft, Pick, Team } from '@auction/contracts';
import { teamBudget } from '@auction/domain';

/**
 * Whether a team of the draft shows another draft's budget and roster: GET /teams answers each team as it stands in
 * its current draft (docs/product.md §3.2 (Team)), which is a later draft once a past draft's teams play again. A
 * team not placed yet (`draftId` null, the list read before an assignment) is taken as it is.
 */
export function showsAnotherDraft(team: { draftId: string | null }, draftId: string): boolean {
  return team.draftId !== null && team.draftId !== draftId;
}

/**
 * The draft's teams as they stand in this draft: a team GET /teams shows in another draft gets its roster, budget and
 * open slots from this draft's picks (undefined while they load: nothing bought yet), as the board works them out;
 * the others are kept as they are.
 */
export function teamsInDraft(
  teams: readonly Team[],
  draft: Draft,
  picks: readonly Pick[] | undefined,
): Team[] {
  const { budgetPerTeam, playersPerTeam } = draft.settings;
  const own = (picks ?? []).filter((pick) => pick.draftId === draft._id);
  return teams.map((team) => {
    if (!showsAnotherDraft(team, draft._id)) return team;
    const bought = own
      .filter((pick) => pick.teamId._id === team._id)
      .sort((a, b) => a.pickNumber - b.pickNumber);
    const budget = teamBudget(
      bought.map((pick) => ({ teamId: team._id, cost: pick.cost })),
      team._id,
      budgetPerTeam,
      playersPerTeam,
    );
    return {
      ...team,
      draftId: draft._id,
      players: bought.map((pick) => ({
        playerId: pick.playerId,
        playerName: pick.playerName,
        position: pick.position,
        team: pick.nflTeam,
        cost: pick.cost,
        pickNumber: pick.pickNumber,
      })),
      budget: { total: budget.total, spent: budget.spent, remaining: budget.remaining },
      slotsRemaining: budget.slotsRemaining,
    };
  });
}
