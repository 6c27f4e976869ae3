import { Injectable } from '@nestjs/common';
import { isDraftEvent, type DraftEvent, type Pick } from '@auction/domain';
import type { RecordedEvent, SqlClient } from '@auction/event-store';
import type { Projection } from '../../infrastructure/event-sourcing/projection.js';
import { markPlayerDrafted, releasePlayers, resetDraftState } from './release-players.js';
import { recomputeTeamStandings } from './team-standings.js';

const DRAFT_STREAM_PREFIX = 'draft-';

/** The draft id a draft stream belongs to (`draft-<id>`, see the domain's draftStreamId). */
export function draftIdOfStream(streamId: string): string {
  if (!streamId.startsWith(DRAFT_STREAM_PREFIX)) throw new TypeError(`not a draft stream: ${streamId}`);
  return streamId.slice(DRAFT_STREAM_PREFIX.length);
}

/** Teams that were in the draft or are now: both sides' standings can change. */
export function teamsTouchedByAssignment(previous: readonly string[], next: readonly string[]): string[] {
  return [...new Set([...previous, ...next])];
}

/** The ids of players a deleted draft gives back, without duplicates. */
export function releasedPlayerIds(picks: readonly Pick[]): string[] {
  return [...new Set(picks.map((pick) => pick.playerId))];
}

/**
 * Inline projection of the draft streams into drafts, draft_teams and picks, and of their effect on the teams'
 * current draft, budget and player count and on the players' draft state. Every write takes its time from the
 * event, so a rebuild equals the live model.
 */
@Injectable()
export class DraftProjection implements Projection {
  readonly name = 'drafts';
  readonly tables = ['picks', 'draft_teams', 'drafts'] as const;

  handles(eventType: string): boolean {
    return isDraftEvent({ type: eventType });
  }

  /** `players` is not ours to truncate (the catalogue lives there): only its draft state is cleared. */
  async reset(tx: SqlClient): Promise<void> {
    await resetDraftState(tx);
  }

  async apply(tx: SqlClient, events: readonly RecordedEvent[]): Promise<void> {
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as { type: string; data: unknown };
      if (!isDraftEvent(event)) continue;
      const draftId = draftIdOfStream(recorded.streamId);
      await this.applyOne(tx, event, draftId, recorded.recordedAt);
      await tx.query(`UPDATE drafts SET version = $2 WHERE id = $1`, [draftId, recorded.streamVersion]);
    }
  }

  private async applyOne(tx: SqlClient, event: DraftEvent, draftId: string, at: Date): Promise<void> {
    switch (event.type) {
      case 'DraftCreated': {
        const { name, settings, createdAt } = event.data;
        await tx.query(
          `INSERT INTO drafts (id, name, status, teams_count, players_per_team, budget_per_team, draft_type,
                               current_round, total_picks, created_at, version)
           VALUES ($1, $2, 'created', $3, $4, $5, $6, 0, 0, $7, 0)`,
          [
            draftId,
            name,
            settings.teamsCount,
            settings.playersPerTeam,
            settings.budgetPerTeam,
            settings.draftType,
            createdAt,
          ],
        );
        return;
      }
      case 'DraftUpdated': {
        const { name, settings } = event.data;
        await tx.query(
          `UPDATE drafts SET name = coalesce($2, name), teams_count = coalesce($3, teams_count),
                  players_per_team = coalesce($4, players_per_team), budget_per_team = coalesce($5, budget_per_team),
                  draft_type = coalesce($6, draft_type)
           WHERE id = $1`,
          [
            draftId,
            name ?? null,
            settings?.teamsCount ?? null,
            settings?.playersPerTeam ?? null,
            settings?.budgetPerTeam ?? null,
            settings?.draftType ?? null,
          ],
        );
        if (settings) await recomputeTeamStandings(tx, await this.teamsOf(tx, draftId), at);
        return;
      }
      case 'DraftTeamsAssigned': {
        const previous = await this.teamsOf(tx, draftId);
        const next = event.data.teamIds;
        await tx.query(`DELETE FROM draft_teams WHERE draft_id = $1 AND NOT (team_id = ANY($2::uuid[]))`, [
          draftId,
          next,
        ]);
        await tx.query(
          `INSERT INTO draft_teams (draft_id, team_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING`,
          [draftId, next],
        );
        await recomputeTeamStandings(tx, teamsTouchedByAssignment(previous, next), at);
        return;
      }
      case 'DraftStarted': {
        const { currentTeamTurn, currentRound, startedAt, teamsCount } = event.data;
        await tx.query(
          `UPDATE drafts SET status = 'active', current_team_turn = $2, current_round = $3, started_at = $4,
                  teams_count = $5
           WHERE id = $1`,
          [draftId, currentTeamTurn, currentRound, startedAt, teamsCount],
        );
        await recomputeTeamStandings(tx, await this.teamsOf(tx, draftId), at);
        return;
      }
      case 'PlayerSold': {
        const { pick } = event.data;
        // The pick's id is derived from (draft, pick number), so a rebuild gives every pick the same id.
        await tx.query(
          `INSERT INTO picks (id, draft_id, pick_number, player_id, player_name, position, nfl_team, team_id, cost, created_at)
           VALUES (md5($1::text || ':' || $2::text)::uuid, $1::uuid, $2::int, $3, $4, $5, $6, $7, $8, $9)`,
          [
            draftId,
            pick.pickNumber,
            pick.playerId,
            pick.playerName,
            pick.position,
            pick.nflTeam,
            pick.teamId,
            pick.cost,
            at,
          ],
        );
        await tx.query(`UPDATE drafts SET total_picks = total_picks + 1 WHERE id = $1`, [draftId]);
        await markPlayerDrafted(tx, draftId, pick);
        await recomputeTeamStandings(tx, [pick.teamId], at);
        return;
      }
      case 'DraftDeleted': {
        await tx.query(`UPDATE drafts SET deleted_at = $2, total_picks = 0 WHERE id = $1`, [
          draftId,
          event.data.deletedAt,
        ]);
        await tx.query(`DELETE FROM picks WHERE draft_id = $1`, [draftId]);
        await releasePlayers(tx, draftId, releasedPlayerIds(event.data.releasedPicks));
        const buyers = event.data.releasedPicks.map((pick) => pick.teamId);
        await recomputeTeamStandings(
          tx,
          teamsTouchedByAssignment(await this.teamsOf(tx, draftId), buyers),
          at,
        );
        return;
      }
    }
  }

  private async teamsOf(tx: SqlClient, draftId: string): Promise<string[]> {
    const { rows } = await tx.query<{ team_id: string }>(
      `SELECT team_id FROM draft_teams WHERE draft_id = $1`,
      [draftId],
    );
    return rows.map((row) => row.team_id);
  }
}
