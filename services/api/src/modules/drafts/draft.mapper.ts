import type { Draft, DraftStatus, DraftStatusData, DraftTeam, TeamRef } from '@auction/contracts';

/** A `drafts` row joined with the team whose turn it is. */
export interface DraftRow {
  id: string;
  name: string;
  status: DraftStatus;
  teams_count: number;
  players_per_team: number;
  budget_per_team: number;
  draft_type: 'auction';
  auction_time_limit: number;
  bid_time_reset: number;
  nomination_time_limit: number;
  current_round: number;
  current_team_turn: string | null;
  turn_team_name: string | null;
  turn_team_number: number | null;
  total_picks: number;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  /** The draft stream version the row reflects (written by the projection with every event). */
  version: number;
}

/** A `draft_teams` row joined with its team and the team's owner. */
export interface DraftTeamRow {
  draft_id: string;
  team_id: string;
  name: string;
  team_number: number;
  owner_user_id: string | null;
  owner_username: string | null;
}

export function toDraftTeam(row: DraftTeamRow): DraftTeam {
  return {
    _id: row.team_id,
    name: row.name,
    teamNumber: row.team_number,
    ownerId:
      row.owner_user_id && row.owner_username
        ? { _id: row.owner_user_id, username: row.owner_username }
        : null,
  };
}

/** Team rows grouped by draft id, each group by team number. */
export function groupDraftTeams(rows: readonly DraftTeamRow[]): Map<string, DraftTeam[]> {
  const byDraft = new Map<string, DraftTeam[]>();
  const sorted = [...rows].sort(
    (a, b) => a.team_number - b.team_number || a.team_id.localeCompare(b.team_id),
  );
  for (const row of sorted) {
    const teams = byDraft.get(row.draft_id) ?? [];
    teams.push(toDraftTeam(row));
    byDraft.set(row.draft_id, teams);
  }
  return byDraft;
}

export function currentTeamTurnOf(row: DraftRow): TeamRef | null {
  if (!row.current_team_turn || row.turn_team_name === null || row.turn_team_number === null) return null;
  return { _id: row.current_team_turn, name: row.turn_team_name, teamNumber: row.turn_team_number };
}

/** The wire shape of a draft (contracts' draftSchema). */
export function toDraftJson(row: DraftRow, teams: DraftTeam[]): Draft {
  return {
    _id: row.id,
    name: row.name,
    status: row.status,
    teams,
    currentRound: row.current_round,
    currentTeamTurn: currentTeamTurnOf(row),
    totalPicks: row.total_picks,
    settings: {
      teamsCount: row.teams_count,
      playersPerTeam: row.players_per_team,
      budgetPerTeam: row.budget_per_team,
      draftType: row.draft_type,
      auctionTimeLimit: row.auction_time_limit,
      bidTimeReset: row.bid_time_reset,
      nominationTimeLimit: row.nomination_time_limit,
    },
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    completedAt: row.completed_at?.toISOString() ?? null,
    version: row.version,
  };
}

/** GET /drafts/:id/status: the draft room header's figures. */
export function toDraftStatus(row: DraftRow): DraftStatusData {
  return {
    draftId: row.id,
    status: row.status,
    currentRound: row.current_round,
    currentTeamTurn: currentTeamTurnOf(row),
    totalPicks: row.total_picks,
    picksTarget: row.teams_count * row.players_per_team,
    version: row.version,
  };
}
