import { Injectable } from '@nestjs/common';
import { isTeamEvent, type TeamEvent } from '@auction/domain';
import type { RecordedEvent, SqlClient } from '@auction/event-store';
import type { Projection } from '../../infrastructure/event-sourcing/projection.js';
import { DEFAULT_TEAM_BUDGET } from './team.defaults.js';
import { changesTeamName, settleTeamNameKeys } from './team-name-key.js';

const TEAM_STREAM_PREFIX = 'team-';

/** The team id a team stream belongs to (`team-<id>`, see the domain's teamStreamId). */
export function teamIdOfStream(streamId: string): string {
  if (!streamId.startsWith(TEAM_STREAM_PREFIX)) throw new TypeError(`not a team stream: ${streamId}`);
  return streamId.slice(TEAM_STREAM_PREFIX.length);
}

/**
 * A team event as one SQL statement against `teams`. Pure, so the mapping is unit tested; timestamps come
 * from the event, so a rebuild writes the same rows as the live projection.
 */
export function teamEventStatement(
  event: TeamEvent,
  teamId: string,
  at: Date,
): { text: string; values: unknown[] } {
  switch (event.type) {
    case 'TeamCreated':
      return {
        text: `INSERT INTO teams (id, name, team_number, budget_total, budget_spent, player_count, created_at, updated_at)
               VALUES ($1, $2, $3, $4, 0, 0, $5, $5)`,
        values: [event.data.teamId, event.data.name, event.data.teamNumber, DEFAULT_TEAM_BUDGET, at],
      };
    case 'TeamUpdated':
      return {
        text: `UPDATE teams SET name = coalesce($2, name), team_number = coalesce($3, team_number), updated_at = $4
               WHERE id = $1`,
        values: [teamId, event.data.name ?? null, event.data.teamNumber ?? null, at],
      };
    case 'TeamOwnerAssigned':
      return {
        text: `UPDATE teams SET owner_user_id = $2, updated_at = $3 WHERE id = $1`,
        values: [teamId, event.data.userId, at],
      };
    case 'TeamDeleted':
      return {
        text: `UPDATE teams SET deleted_at = $2, updated_at = $2 WHERE id = $1`,
        values: [teamId, at],
      };
  }
}

/** Inline projection of the team streams into `teams` (budgets and rosters are the draft projection's). */
@Injectable()
export class TeamProjection implements Projection {
  readonly name = 'teams';
  readonly tables = ['teams'] as const;

  handles(eventType: string): boolean {
    return isTeamEvent({ type: eventType });
  }

  async apply(tx: SqlClient, events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as { type: string; data: unknown };
      if (!isTeamEvent(event)) continue;
      const teamId = teamIdOfStream(recorded.streamId);
      const statement = teamEventStatement(event, teamId, recorded.recordedAt);
      await tx.query(statement.text, statement.values);
      if (changesTeamName(event)) await settleTeamNameKeys(tx, teamId);
    }
  }
}
