import { PLAYER_POSITIONS, type Draft, type Pick } from '@auction/contracts';

export const PICKS_TEXTS = {
  title: 'Draft Picks Management',
  searchPlaceholder: 'Search by player name, team, or NFL team...',
  filterLabel: 'Filter by Draft',
  allDrafts: 'All Drafts',
  empty: 'No picks found matching your criteria',
  confirmTitle: 'Confirm Pick Update',
  confirmBody:
    'This action will update the player information, modify team rosters, update player draft status and emit real-time updates to all connected users.',
  confirmWarning: 'This action cannot be easily undone.',
  updateButton: 'Update Pick',
  updating: 'Updating...',
  updated: 'Pick updated successfully',
  updateFailed: 'Failed to update pick',
  notFound: 'Pick not found',
  loadFailed: 'Failed to load picks data',
  undone: (pickNumber: number) => `Pick #${pickNumber} has been undone`,
} as const;

/** docs/product.md §2.10 (Draft picks management): the positions a pick can be edited to. */
export const EDIT_POSITIONS = PLAYER_POSITIONS;

/** The draft filter's option text: name and status in parentheses. */
export function draftOptionText(draft: { name: string; status: Draft['status'] }): string {
  return `${draft.name} (${draft.status})`;
}

/**
 * docs/product.md §2.10 (Draft picks management): case-insensitive match on player name, fantasy team name and NFL
 * team.
 */
export function matchesSearch(pick: Pick, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [pick.playerName, pick.teamId.name, pick.nflTeam].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export function filterPicks(picks: readonly Pick[], query: string, draftId: string): Pick[] {
  return picks.filter((pick) => (draftId === '' || pick.draftId === draftId) && matchesSearch(pick, query));
}

export interface PicksSummary {
  totalPicks: number;
  totalDrafts: number;
  activeDrafts: number;
  completedDrafts: number;
  /** Whole dollars. */
  averageCost: number;
}

export function summarise(picks: readonly Pick[], drafts: readonly Draft[]): PicksSummary {
  const total = picks.reduce((sum, pick) => sum + pick.cost, 0);
  return {
    totalPicks: picks.length,
    totalDrafts: drafts.length,
    activeDrafts: drafts.filter((draft) => draft.status === 'active').length,
    completedDrafts: drafts.filter((draft) => draft.status === 'completed').length,
    averageCost: picks.length === 0 ? 0 : Math.round(total / picks.length),
  };
}

/**
 * docs/product.md §5.6 (Pick edit): the edited cost is parsed as an integer; anything that is not a number becomes
 * 0.
 */
export function parseEditedCost(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? 0 : value;
}

export interface PickEdit {
  pickId: string;
  playerName: string;
  position: string;
  nflTeam: string;
  teamId: string;
  cost: string;
}

export function startEdit(pick: Pick): PickEdit {
  return {
    pickId: pick._id,
    playerName: pick.playerName,
    position: pick.position,
    nflTeam: pick.nflTeam,
    teamId: pick.teamId._id,
    cost: String(pick.cost),
  };
}
