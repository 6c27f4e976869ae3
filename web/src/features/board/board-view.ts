import type { Draft, Pick } from '@auction/contracts';
import { maxBid, POSITIONS, rosterSize } from '@auction/domain';
import { teamDraftStanding } from '../../shared/api/index.js';

/** One team's column on the draft board (docs/product.md §2.11 (Draft board)). */
export interface BoardColumn {
  teamId: string;
  name: string;
  teamNumber: number;
  /** Its picks in pick order. */
  picks: Pick[];
  spent: number;
  remaining: number;
  maxBid: number;
  filled: number;
  rosterSize: number;
  openSlots: number;
  /** Players drafted per position (QB, RB, WR, TE, K, DEF, then any other position the picks carry). */
  byPosition: Array<{ position: string; count: number }>;
}

/**
 * The board's columns, worked out from the draft's picks (the picks are the truth, as on the server) with the
 * domain's budget and max-bid rules. Rosters have no fixed positions, so a column counts what each position holds
 * and the open slots in total.
 */
export function boardColumns(draft: Draft, picks: readonly Pick[]): BoardColumn[] {
  const { playersPerTeam } = draft.settings;
  return [...draft.teams]
    .sort((a, b) => a.teamNumber - b.teamNumber)
    .map((team) => {
      const { picks: teamPicks, budget } = teamDraftStanding(draft, picks, team._id);
      return {
        teamId: team._id,
        name: team.name,
        teamNumber: team.teamNumber,
        picks: teamPicks,
        spent: budget.spent,
        remaining: budget.remaining,
        maxBid: maxBid(budget),
        filled: budget.playerCount,
        rosterSize: rosterSize(playersPerTeam),
        openSlots: budget.slotsRemaining,
        byPosition: positionCounts(teamPicks),
      };
    });
}

function positionCounts(picks: readonly Pick[]): Array<{ position: string; count: number }> {
  const counts = new Map<string, number>(POSITIONS.map((position) => [position, 0]));
  for (const pick of picks) {
    const position = pick.position.toUpperCase();
    counts.set(position, (counts.get(position) ?? 0) + 1);
  }
  return [...counts].map(([position, count]) => ({ position, count }));
}
