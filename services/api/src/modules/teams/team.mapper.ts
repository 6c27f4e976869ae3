import type { RosterPlayer, Team } from '@auction/contracts';
import { openRosterSlots } from '@auction/domain';
import { DEFAULT_ROSTER_SIZE } from './team.defaults.js';

/** A `teams` row joined with its owner's username and its current draft's roster size. */
export interface TeamRow {
  id: string;
  name: string;
  team_number: number;
  owner_user_id: string | null;
  owner_username: string | null;
  current_draft_id: string | null;
  players_per_team: number | null;
  budget_total: number;
  budget_spent: number;
  created_at: Date;
}

/** A `picks` row of a team's current draft. */
export interface RosterRow {
  team_id: string;
  player_id: string;
  player_name: string;
  position: string;
  nfl_team: string | null;
  cost: number;
  pick_number: number;
}

export function toRosterPlayer(row: RosterRow): RosterPlayer {
  return {
    playerId: row.player_id,
    playerName: row.player_name,
    position: row.position,
    team: row.nfl_team,
    cost: row.cost,
    pickNumber: row.pick_number,
  };
}

/** Roster rows grouped by team id, each group in pick order. */
export function groupRosters(rows: readonly RosterRow[]): Map<string, RosterPlayer[]> {
  const byTeam = new Map<string, RosterPlayer[]>();
  const sorted = [...rows].sort((a, b) => a.pick_number - b.pick_number);
  for (const row of sorted) {
    const roster = byTeam.get(row.team_id) ?? [];
    roster.push(toRosterPlayer(row));
    byTeam.set(row.team_id, roster);
  }
  return byTeam;
}

/** The wire shape of a team (contracts' teamSchema). A team in no draft shows the default budget and slots. */
export function toTeamJson(row: TeamRow, players: RosterPlayer[]): Team {
  const rosterSize = row.players_per_team ?? DEFAULT_ROSTER_SIZE;
  return {
    _id: row.id,
    name: row.name,
    teamNumber: row.team_number,
    ownerId:
      row.owner_user_id && row.owner_username
        ? { _id: row.owner_user_id, username: row.owner_username }
        : null,
    players,
    budget: {
      total: row.budget_total,
      spent: row.budget_spent,
      remaining: row.budget_total - row.budget_spent,
    },
    slotsRemaining: openRosterSlots(players.length, rosterSize),
    draftId: row.current_draft_id,
    createdAt: row.created_at.toISOString(),
  };
}
