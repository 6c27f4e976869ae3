import type { Draft, Pick, Team } from '@auction/contracts';
import { teamDraftStanding } from '../../shared/api/index.js';

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
  return teams.map((team) => {
    if (!showsAnotherDraft(team, draft._id)) return team;
    const { picks: bought, budget } = teamDraftStanding(draft, picks ?? [], team._id);
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
