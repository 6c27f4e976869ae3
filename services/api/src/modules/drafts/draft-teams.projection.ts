import { Injectable } from '@nestjs/common';
import { draftIdOfStream, type DraftEvent } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import type { Projection, UpcastRecord } from '../../infrastructure/event-sourcing/projection.js';

/** `draft_teams`, the teams assigned to each draft, from DraftTeamsAssigned (the full new set) alone. */
@Injectable()
export class DraftTeamsProjection implements Projection<DraftEvent> {
  readonly name = 'draft_teams';
  readonly tables = ['draft_teams'] as const;

  handles(eventType: string): boolean {
    return eventType === 'DraftTeamsAssigned';
  }

  async apply(events: readonly UpcastRecord<DraftEvent>[], tx: SqlClient): Promise<void> {
    for (const { event, streamId } of events) {
      if (event.type !== 'DraftTeamsAssigned') continue;
      const draftId = draftIdOfStream(streamId);
      const next = event.data.teamIds;
      await tx.query(`DELETE FROM draft_teams WHERE draft_id = $1 AND NOT (team_id = ANY($2::uuid[]))`, [
        draftId,
        next,
      ]);
      await tx.query(
        `INSERT INTO draft_teams (draft_id, team_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
        [draftId, next],
      );
    }
  }
}
