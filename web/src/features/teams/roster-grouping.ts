import type { RosterPlayer } from '@auction/contracts';
import { POSITIONS } from '@auction/domain';

export const UNKNOWN_POSITION = 'Unknown';
/** docs/product.md §2.7 (Teams page): roster groups come in this order, then any other position alphabetically. */
export const ROSTER_POSITION_ORDER = [...POSITIONS, 'DST', UNKNOWN_POSITION] as const;

export interface RosterGroup<P extends RosterPlayerLike = RosterPlayerLike> {
  position: string;
  players: P[];
  totalCost: number;
  count: number;
}

export type RosterPlayerLike = Pick<RosterPlayer, 'playerName' | 'cost'> & { position?: string | null };

function positionOf(player: RosterPlayerLike): string {
  const position = player.position?.trim();
  return position ? position : UNKNOWN_POSITION;
}

function positionRank(position: string): number {
  const index = (ROSTER_POSITION_ORDER as readonly string[]).indexOf(position);
  return index === -1 ? ROSTER_POSITION_ORDER.length : index;
}

function comparePositions(a: string, b: string): number {
  return positionRank(a) - positionRank(b) || a.localeCompare(b);
}

/** Most expensive first; equal costs by name. */
function comparePlayers(a: RosterPlayerLike, b: RosterPlayerLike): number {
  return b.cost - a.cost || a.playerName.localeCompare(b.playerName);
}

/** Groups a roster by position for the Teams page, with each group's total cost and player count. */
export function groupRosterByPosition<P extends RosterPlayerLike>(players: readonly P[]): RosterGroup<P>[] {
  const byPosition = new Map<string, P[]>();
  for (const player of players) {
    const position = positionOf(player);
    const group = byPosition.get(position);
    if (group) group.push(player);
    else byPosition.set(position, [player]);
  }
  return [...byPosition.entries()]
    .sort(([a], [b]) => comparePositions(a, b))
    .map(([position, members]) => {
      const sorted = [...members].sort(comparePlayers);
      return {
        position,
        players: sorted,
        totalCost: sorted.reduce((sum, player) => sum + player.cost, 0),
        count: sorted.length,
      };
    });
}

/** Share of the budget spent, in percent (0 when there is no budget). */
export function budgetUsedPercent(spent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, (spent / total) * 100));
}
