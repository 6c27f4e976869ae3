import { Inject, Injectable } from '@nestjs/common';
import type { Team } from '@auction/contracts';
import { teamNameKey } from '@auction/domain';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { groupRosters, toTeamJson, type RosterRow, type TeamRow } from './team.mapper.js';

const TEAM_COLUMNS = `t.id, t.name, t.team_number, t.owner_user_id, u.username AS owner_username,
  t.current_draft_id, d.players_per_team, t.budget_total, t.budget_spent, t.created_at`;

const TEAM_FROM = `teams t
  LEFT JOIN users u ON u.id = t.owner_user_id
  LEFT JOIN drafts d ON d.id = t.current_draft_id`;

/** An open draft (created, active or paused) a team is in. */
export interface OpenDraftRef {
  draftId: string;
  draftName: string;
  status: string;
}

/** Reads of the teams read model (never of the event log): what the UI and the handlers' checks need. */
@Injectable()
export class TeamReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async list(): Promise<Team[]> {
    const teams = await this.pool.query<TeamRow>(
      `SELECT ${TEAM_COLUMNS} FROM ${TEAM_FROM} WHERE t.deleted_at IS NULL ORDER BY t.team_number, t.id`,
    );
    const rosters = await this.pool.query<RosterRow>(
      `SELECT p.team_id, p.player_id, p.player_name, p.position, p.nfl_team, p.cost, p.pick_number
       FROM picks p JOIN teams t ON t.id = p.team_id AND t.current_draft_id = p.draft_id
       WHERE t.deleted_at IS NULL`,
    );
    const byTeam = groupRosters(rosters.rows);
    return teams.rows.map((row) => toTeamJson(row, byTeam.get(row.id) ?? []));
  }

  async findById(teamId: string): Promise<Team | null> {
    const { rows } = await this.pool.query<TeamRow>(
      `SELECT ${TEAM_COLUMNS} FROM ${TEAM_FROM} WHERE t.id = $1 AND t.deleted_at IS NULL`,
      [teamId],
    );
    const row = rows[0];
    if (!row) return null;
    const rosters = await this.pool.query<RosterRow>(
      `SELECT p.team_id, p.player_id, p.player_name, p.position, p.nfl_team, p.cost, p.pick_number
       FROM picks p WHERE p.team_id = $1 AND p.draft_id = $2`,
      [teamId, row.current_draft_id],
    );
    return toTeamJson(row, groupRosters(rosters.rows).get(teamId) ?? []);
  }

  /** The live (not deleted) teams among `teamIds`, with their numbers and names. */
  async findLive(teamIds: readonly string[]): Promise<{ id: string; name: string; teamNumber: number }[]> {
    const { rows } = await this.pool.query<{ id: string; name: string; team_number: number }>(
      `SELECT id, name, team_number FROM teams WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL`,
      [teamIds],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, teamNumber: row.team_number }));
  }

  /**
   * Another live team with `teamNumber` in a draft that `teamId` is waiting in or playing (created, active,
   * paused), if any: numbers are unique within a draft, not across drafts.
   */
  async numberTakenInOpenDraftOf(
    teamId: string,
    teamNumber: number,
  ): Promise<{ teamName: string; draftName: string } | null> {
    const { rows } = await this.pool.query<{ team_name: string; draft_name: string }>(
      `SELECT other.name AS team_name, d.name AS draft_name
       FROM draft_teams mine
       JOIN drafts d ON d.id = mine.draft_id AND d.deleted_at IS NULL AND d.status IN ('created', 'active', 'paused')
       JOIN draft_teams theirs ON theirs.draft_id = mine.draft_id AND theirs.team_id <> mine.team_id
       JOIN teams other ON other.id = theirs.team_id AND other.deleted_at IS NULL AND other.team_number = $2
       WHERE mine.team_id = $1
       ORDER BY d.created_at
       LIMIT 1`,
      [teamId, teamNumber],
    );
    const row = rows[0];
    return row ? { teamName: row.team_name, draftName: row.draft_name } : null;
  }

  /** The live team `userId` owns, if any. */
  async findOwnedBy(userId: string): Promise<{ id: string; name: string } | null> {
    const { rows } = await this.pool.query<{ id: string; name: string }>(
      `SELECT id, name FROM teams WHERE owner_user_id = $1 AND deleted_at IS NULL`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** The live team other than `exceptTeamId` whose name compares equal to `name` (teamNameKey), first created first. */
  async findOtherNamed(name: string, exceptTeamId: string): Promise<{ id: string; name: string } | null> {
    const { rows } = await this.pool.query<{ id: string; name: string }>(
      `SELECT id, name FROM teams
       WHERE deleted_at IS NULL AND name_compared = $1 AND id <> $2
       ORDER BY created_at, id LIMIT 1`,
      [teamNameKey(name), exceptTeamId],
    );
    return rows[0] ?? null;
  }

  /** The open drafts holding `teamId`. */
  async openDraftsOf(teamId: string): Promise<OpenDraftRef[]> {
    const { rows } = await this.pool.query<{ draft_id: string; draft_name: string; status: string }>(
      `SELECT d.id AS draft_id, d.name AS draft_name, d.status
       FROM draft_teams dt JOIN drafts d ON d.id = dt.draft_id
       WHERE dt.team_id = $1 AND d.deleted_at IS NULL AND d.status IN ('created', 'active', 'paused')
       ORDER BY d.created_at`,
      [teamId],
    );
    return rows.map((row) => ({ draftId: row.draft_id, draftName: row.draft_name, status: row.status }));
  }
}
