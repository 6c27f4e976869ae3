import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { draftNotFound } from './player.errors.js';
import type { DraftScope } from './player-search.sql.js';

/** What a player read names about whose availability to show: the caller, and the `draftId` it asked for. */
export interface DraftScopeRequest {
  userId: string;
  draftId?: string;
}

/**
 * Resolves whose availability a player read shows (docs/product.md §3.4 (Player), docs/adr/0015): the draft asked
 * for (404 when it does not exist or was deleted), else the caller's own current draft (the draft of the team they
 * own, teams.current_draft_id), else no draft: a caller without one (an admin, a user without a team) sees the
 * catalogue with nobody drafted. Not "the latest active draft": with many leagues running, that would be some
 * other league's pool.
 */
@Injectable()
export class PlayerDraftScope {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async resolve({ userId, draftId }: DraftScopeRequest): Promise<DraftScope> {
    if (draftId !== undefined) return this.existing(draftId);
    const { rows } = await this.pool.query<{ draft_id: string | null }>({
      name: 'players.scope.own-draft',
      text: `SELECT current_draft_id AS draft_id FROM teams WHERE owner_user_id = $1 AND deleted_at IS NULL`,
      values: [userId],
    });
    return rows[0]?.draft_id ?? null;
  }

  /** A team's roster: the draft asked for, else the team's own current draft. */
  async ofTeam(teamId: string, draftId: string | undefined): Promise<DraftScope> {
    if (draftId !== undefined) return this.existing(draftId);
    const { rows } = await this.pool.query<{ draft_id: string | null }>({
      name: 'players.scope.team-draft',
      text: `SELECT current_draft_id AS draft_id FROM teams WHERE id = $1`,
      values: [teamId],
    });
    return rows[0]?.draft_id ?? null;
  }

  private async existing(draftId: string): Promise<string> {
    const { rows } = await this.pool.query({
      name: 'players.scope.draft-exists',
      text: `SELECT 1 FROM drafts WHERE id = $1 AND deleted_at IS NULL`,
      values: [draftId],
    });
    if (rows.length === 0) throw draftNotFound();
    return draftId;
  }
}
