import { Inject, Injectable } from '@nestjs/common';
import type { DraftStatus, Pick } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

interface PickRow {
  id: string;
  draft_id: string;
  draft_name: string;
  draft_status: DraftStatus;
  pick_number: number;
  player_id: string;
  player_name: string;
  position: string;
  nfl_team: string | null;
  cost: number;
  team_id: string;
  team_name: string;
  team_number: number;
  source: 'auction' | 'admin';
  picked_at: Date;
}

const PICK_SELECT = `SELECT p.id, p.draft_id, d.name AS draft_name, d.status AS draft_status, p.pick_number, p.player_id,
    p.player_name, p.position, p.nfl_team, p.cost, p.team_id, t.name AS team_name, t.team_number, p.source, p.picked_at
  FROM picks p JOIN drafts d ON d.id = p.draft_id JOIN teams t ON t.id = p.team_id`;

export function toPickJson(row: PickRow): Pick {
  return {
    _id: row.id,
    draftId: row.draft_id,
    draftName: row.draft_name,
    draftStatus: row.draft_status,
    pickNumber: row.pick_number,
    playerId: row.player_id,
    playerName: row.player_name,
    position: row.position,
    nflTeam: row.nfl_team ?? '',
    cost: row.cost,
    teamId: { _id: row.team_id, name: row.team_name, teamNumber: row.team_number },
    source: row.source,
    pickedAt: row.picked_at.toISOString(),
  };
}

/** Reads of the picks read model (the Pick of docs/product.md §3.5 (Pick), with its draft and fantasy team). */
@Injectable()
export class PicksReadModel {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async ofDraft(draftId: string): Promise<Pick[]> {
    const { rows } = await this.pool.query<PickRow>(
      `${PICK_SELECT} WHERE p.draft_id = $1 AND d.deleted_at IS NULL ORDER BY p.pick_number`,
      [draftId],
    );
    return rows.map(toPickJson);
  }

  /** The draft's keeper picks (issue 13, part 6), in pick order. */
  async keepersOf(draftId: string): Promise<Pick[]> {
    return (await this.ofDraft(draftId)).filter((pick) => pick.source === 'keeper');
  }

  /** The newest picks of every live draft (or of one), newest first; picks of one instant in a fixed order (a sweep
   * completes several drafts at once), so a rebuild answers the same list. */
  async recent(limit: number, draftId?: string): Promise<Pick[]> {
    const { rows } = await this.pool.query<PickRow>(
      `${PICK_SELECT} WHERE d.deleted_at IS NULL AND ($2::uuid IS NULL OR p.draft_id = $2)
       ORDER BY p.picked_at DESC, p.pick_number DESC, p.draft_id DESC LIMIT $1`,
      [limit, draftId ?? null],
    );
    return rows.map(toPickJson);
  }

  async findById(pickId: string): Promise<Pick | null> {
    const { rows } = await this.pool.query<PickRow>(`${PICK_SELECT} WHERE p.id = $1`, [pickId]);
    return rows[0] ? toPickJson(rows[0]) : null;
  }
}
