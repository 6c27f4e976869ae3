import type { Player } from '@auction/contracts';

/**
 * docs/product.md §2.6 (Draft room), player cards: the jersey number, or '??' when it is not known. 0 is a real
 * number.
 */
export function jerseyText(jerseyNumber: number | null): string {
  return jerseyNumber === null ? '??' : `#${jerseyNumber}`;
}

/** Projected points to 1 decimal; a dash when there is no projection (which is not the same as 0). */
export function pointsText(projectedPoints: number | null): string {
  return projectedPoints === null ? '—' : projectedPoints.toFixed(1);
}

/** ADP rounded to a whole pick, or null when the player has none (the card then leaves it out). */
export function adpText(adp: number | null): string | null {
  return adp === null ? null : String(Math.round(adp));
}

/** A player without a pro team is a free agent. */
export function proTeamText(team: string | null): string {
  return team ?? 'FA';
}

/** docs/product.md §8.5 (Success and live toasts): the toast when an undrafted card is clicked. */
export function selectedPlayerToast(player: Pick<Player, 'name' | 'position' | 'team'>): string {
  return `Selected ${player.name} (${player.position}) - ${proTeamText(player.team)}`;
}
