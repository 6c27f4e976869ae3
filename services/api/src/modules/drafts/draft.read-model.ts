import { Inject, Injectable } from '@nestjs/common';
import type { Draft, DraftStatusData } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import {
  groupDraftTeams,
  toDraftJson,
  toDraftStatus,
  type DraftRow,
  type DraftTeamRow,
} from './draft.mapper.js';

const DRAFT_SELECT = `SELECT d.id, d.name, d.status, d.teams_count, d.players_per_team, d.budget_per_team, d.draft_type,
    d.auction_time_limit, d.bid_time_reset, d.nomination_time_limit,
    d.current_round, d.current_team_turn, turn.name AS turn_team_name, turn.team_number AS turn_team_number,
    d.total_picks, d.created_at, d.started_at, d.completed_at, d.version
  FROM drafts d LEFT JOIN teams turn ON turn.id = d.current_team_turn`;

const DRAFT_TEAMS_SELECT = `SELECT dt.draft_id, t.id AS team_id, t.name, t.team_number, t.owner_user_id,
    u.username AS owner_username
  FROM draft_teams dt JOIN teams t ON t.id = dt.team_id LEFT JOIN users u ON u.id = t.owner_user_id`;

/** An open draft (created, active or paused) holding a team. */
export interface TeamInOpenDraft {
  teamId: string;
  teamName: string;
  draftId: string;
  draftName: string;
}

/** Reads of the drafts read model; deleted drafts are invisible. */
@Injectable()
export class DraftReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async list(): Promise<Draft[]> {
    const drafts = await this.pool.query<DraftRow>(
      `${DRAFT_SELECT} WHERE d.deleted_at IS NULL ORDER BY d.created_at DESC, d.id DESC`,
    );
    const teams = await this.pool.query<DraftTeamRow>(
      `${DRAFT_TEAMS_SELECT} JOIN drafts d ON d.id = dt.draft_id WHERE d.deleted_at IS NULL`,
    );
    const byDraft = groupDraftTeams(teams.rows);
    return drafts.rows.map((row) => toDraftJson(row, byDraft.get(row.id) ?? []));
  }

  async findById(draftId: string): Promise<Draft | null> {
    const row = await this.findRow(draftId);
    if (!row) return null;
    const teams = await this.pool.query<DraftTeamRow>(`${DRAFT_TEAMS_SELECT} WHERE dt.draft_id = $1`, [
      draftId,
    ]);
    return toDraftJson(row, groupDraftTeams(teams.rows).get(draftId) ?? []);
  }

  async findStatus(draftId: string): Promise<DraftStatusData | null> {
    const row = await this.findRow(draftId);
    return row ? toDraftStatus(row) : null;
  }

  /** Which of `teamIds` sit in an open draft other than `exceptDraftId`. */
  async teamsInOtherOpenDrafts(
    teamIds: readonly string[],
    exceptDraftId: string,
  ): Promise<TeamInOpenDraft[]> {
    const { rows } = await this.pool.query<{
      team_id: string;
      team_name: string;
      draft_id: string;
      draft_name: string;
    }>(
      `SELECT t.id AS team_id, t.name AS team_name, d.id AS draft_id, d.name AS draft_name
       FROM draft_teams dt JOIN drafts d ON d.id = dt.draft_id JOIN teams t ON t.id = dt.team_id
       WHERE dt.team_id = ANY($1::uuid[]) AND dt.draft_id <> $2
         AND d.deleted_at IS NULL AND d.status IN ('created', 'active', 'paused')
       ORDER BY t.team_number`,
      [teamIds, exceptDraftId],
    );
    return rows.map((row) => ({
      teamId: row.team_id,
      teamName: row.team_name,
      draftId: row.draft_id,
      draftName: row.draft_name,
    }));
  }

  private async findRow(draftId: string): Promise<DraftRow | null> {
    const { rows } = await this.pool.query<DraftRow>(
      `${DRAFT_SELECT} WHERE d.id = $1 AND d.deleted_at IS NULL`,
      [draftId],
    );
    return rows[0] ?? null;
  }
}
