import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DraftActivityData, DraftActivityEntry } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../../infrastructure/database/database.module.js';
import { AsyncProjections } from '../../../../infrastructure/event-sourcing/async-projections.js';
import { draftNotFound } from '../../draft.errors.js';
import { GetDraftActivityQuery } from './get-draft-activity.query.js';

interface ActivityRow {
  stream_version: number;
  kind: DraftActivityEntry['kind'];
  team_id: string | null;
  player_name: string | null;
  amount: number | null;
  at: Date;
}

/** The draft's feed, newest first, with the feed's lag: it is asynchronous and may trail the draft by a poll. */
@QueryHandler(GetDraftActivityQuery)
export class GetDraftActivityHandler implements IQueryHandler<GetDraftActivityQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(AsyncProjections) private readonly asyncProjections: AsyncProjections,
  ) {}

  async execute({ draftId, limit }: GetDraftActivityQuery): Promise<DraftActivityData> {
    const { rows: found } = await this.pool.query(
      `SELECT 1 FROM drafts WHERE id = $1 AND deleted_at IS NULL`,
      [draftId],
    );
    if (found.length === 0) throw draftNotFound();
    const [{ rows }, lag] = await Promise.all([
      this.pool.query<ActivityRow>(
        `SELECT stream_version, kind, team_id, player_name, amount, at FROM draft_activity
         WHERE draft_id = $1 ORDER BY stream_version DESC LIMIT $2`,
        [draftId, limit],
      ),
      this.asyncProjections.lag(),
    ]);
    return {
      draftId,
      entries: rows.map((row) => ({
        version: row.stream_version,
        kind: row.kind,
        teamId: row.team_id,
        playerName: row.player_name,
        amount: row.amount,
        at: row.at.toISOString(),
      })),
      lag: lag.find((projection) => projection.name === 'draft_activity')?.lag ?? 0,
    };
  }
}
