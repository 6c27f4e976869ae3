import type { Draft } from '@auction/contracts';

/** The user's team in this draft: the one the current user owns (docs/product.md §6 (Roles and permissions)). */
export function ownTeamId(draft: Draft, userId: string | undefined): string | null {
  if (!userId) return null;
  return draft.teams.find((team) => team.ownerId?._id === userId)?._id ?? null;
}

/**
 * docs/product.md §2.6 (Draft room), its header: 'Your Turn!' for the user's own team, otherwise the team name
 * followed by 's Turn.
 */
export function turnText(draft: Draft, userId: string | undefined): string | null {
  const turn = draft.currentTeamTurn;
  if (!turn) return null;
  return turn._id === ownTeamId(draft, userId) ? 'Your Turn!' : `${turn.name}'s Turn`;
}

/** Picks made out of teamsCount × playersPerTeam, e.g. "Picks: 0 / 240". */
export function picksText(draft: Draft): string {
  const target = draft.settings.teamsCount * draft.settings.playersPerTeam;
  return `Picks: ${draft.totalPicks} / ${target}`;
}
