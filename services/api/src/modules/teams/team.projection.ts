import { Injectable } from '@nestjs/common';
import { draftIdOfStream, isTeamEvent, teamNameKey, type DraftEvent, type TeamEvent } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import type { Projection, UpcastRecord } from '../../infrastructure/event-sourcing/projection.js';
import { DEFAULT_TEAM_BUDGET } from './team.defaults.js';
import { changesTeamName, settleTeamNameKeys } from './team-name-key.js';
import {
  addPicksAndRecompute,
  applyStandingEvent,
  STANDING_EVENTS,
  TEAM_STANDING_TABLES,
  type NewStandingPick,
} from './team-standings.js';

const TEAM_STREAM_PREFIX = 'team-';

/** The team id a team stream belongs to (`team-<id>`, see the domain's teamStreamId). */
export function teamIdOfStream(streamId: string): string {
  if (!streamId.startsWith(TEAM_STREAM_PREFIX)) throw new TypeError(`not a team stream: ${streamId}`);
  return streamId.slice(TEAM_STREAM_PREFIX.length);
}

/**
 * A team event as one SQL statement against `teams`. Pure, so the mapping is unit tested; timestamps come
 * from the event, so a rebuild writes the same rows as the live projection. A name is stored with the form it is
 * compared in (`name_compared`, teamNameKey), computed here and nowhere in SQL.
 */
export function teamEventStatement(
  event: TeamEvent,
  teamId: string,
  at: Date,
): { text: string; values: unknown[] } {
  switch (event.type) {
    case 'TeamCreated':
      return {
        text: `INSERT INTO teams (id, name, team_number, budget_total, budget_spent, player_count, created_at, updated_at,
                                 name_compared)
               VALUES ($1, $2, $3, $4, 0, 0, $5, $5, $6)`,
        values: [
          event.data.teamId,
          event.data.name,
          event.data.teamNumber,
          DEFAULT_TEAM_BUDGET,
          at,
          teamNameKey(event.data.name),
        ],
      };
    case 'TeamUpdated':
      return {
        text: `UPDATE teams SET name = coalesce($2, name), team_number = coalesce($3, team_number), updated_at = $4,
                 name_compared = coalesce($5, name_compared)
               WHERE id = $1`,
        values: [
          teamId,
          event.data.name ?? null,
          event.data.teamNumber ?? null,
          at,
          event.data.name === undefined ? null : teamNameKey(event.data.name),
        ],
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

/**
 * `teams`, from the team streams (names, numbers, owners) and from the draft events that move a team's standing
 * (current draft, budget, spent, player count). The standing is derived from those events alone, through the
 * projection's own standing tables (team-standings.ts), never from drafts, draft_teams or picks, which are other
 * projections'. Runs of new picks are written set-based; anything else flushes them first, so the rows equal a
 * one-by-one application whatever the batching.
 */
@Injectable()
export class TeamProjection implements Projection<TeamEvent | DraftEvent> {
  readonly name = 'teams';
  readonly tables = ['teams', ...TEAM_STANDING_TABLES] as const;

  handles(eventType: string): boolean {
    return isTeamEvent({ type: eventType }) || STANDING_EVENTS.has(eventType);
  }

  async apply(events: readonly UpcastRecord<TeamEvent | DraftEvent>[], tx: SqlClient): Promise<void> {
    let picks: NewStandingPick[] = [];
    for (const { event, streamId, recordedAt } of events) {
      if (event.type === 'PlayerSold' || event.type === 'KeeperAdded') {
        const { pick } = event.data;
        const draftId = draftIdOfStream(streamId);
        picks.push({ pickId: pick.pickId, teamId: pick.teamId, draftId, cost: pick.cost, at: recordedAt });
        continue;
      }
      if (!this.handles(event.type)) continue;
      await addPicksAndRecompute(tx, picks);
      picks = [];
      if (isTeamEvent(event)) await applyTeamEvent(tx, event, teamIdOfStream(streamId), recordedAt);
      else await applyStandingEvent(tx, draftIdOfStream(streamId), event, recordedAt);
    }
    await addPicksAndRecompute(tx, picks);
  }
}

async function applyTeamEvent(tx: SqlClient, event: TeamEvent, teamId: string, at: Date): Promise<void> {
  const statement = teamEventStatement(event, teamId, at);
  await tx.query(statement.text, statement.values);
  if (changesTeamName(event)) await settleTeamNameKeys(tx, teamId);
}
