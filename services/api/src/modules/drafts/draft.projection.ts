import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DEFAULT_DRAFT_SETTINGS, isDraftEvent, type DraftEvent, type Pick } from '@auction/domain';
import type { RecordedEvent, SqlClient } from '@auction/event-store';
import type { Projection } from '../../infrastructure/event-sourcing/projection.js';
import { DraftWriteBatch } from './draft-write-batch.js';
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

/**
 * The picks row id: the domain's stable pick id. Picks sold before picks had ids (no pickId in the event) keep the
 * id derived from (draft, pick number), so a rebuild gives every pick the same id.
 */
export function pickRowId(draftId: string, pick: Pick): string {
  return (pick as Partial<Pick>).pickId ?? legacyPickId(draftId, pick.pickNumber);
}

function legacyPickId(draftId: string, pickNumber: number): string {
  const hex = createHash('md5').update(`${draftId}:${pickNumber}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function insertPick(tx: SqlClient, draftId: string, pick: Pick, at: Date): Promise<void> {
  await tx.query(
    `INSERT INTO picks (id, draft_id, pick_number, player_id, player_name, position, nfl_team, team_id, cost, created_at,
                        source, picked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      pickRowId(draftId, pick),
      draftId,
      pick.pickNumber,
      pick.playerId,
      pick.playerName,
      pick.position,
      pick.nflTeam,
      pick.teamId,
      pick.cost,
      at,
      (pick as Partial<Pick>).source ?? 'auction',
      (pick as Partial<Pick>).pickedAt ?? at,
    ],
  );
}

/**
 * Inline projection of the draft streams into drafts, draft_teams and picks, and of their effect on the teams'
 * current draft, budget and player count. A draft's live picks are also its player availability (docs/adr/0015):
 * a player is drafted in a draft while it holds a pick of him, so a sale, an edit or an undo touches only that
 * draft's rows, and the catalogue (`players`) is never written here. Every write takes its time from the event,
 * so a rebuild equals the live model.
 */
@Injectable()
export class DraftProjection implements Projection {
  readonly name = 'drafts';
  readonly tables = ['auctions', 'picks', 'draft_teams', 'drafts'] as const;

  handles(eventType: string): boolean {
    return isDraftEvent({ type: eventType });
  }

  /**
   * Auction events (most of the log) are collected into set-based writes (DraftWriteBatch); any other event
   * flushes them and is applied alone, so the rows equal a one-by-one application (the rebuild test compares).
   */
  async apply(tx: SqlClient, events: readonly RecordedEvent[]): Promise<void> {
    const batch = new DraftWriteBatch(pickRowId);
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as { type: string; data: unknown };
      if (!isDraftEvent(event)) continue;
      const draftId = draftIdOfStream(recorded.streamId);
      if (!batch.add(event, draftId, recorded.recordedAt)) {
        await batch.flush(tx);
        await this.applyOne(tx, event, draftId, recorded.recordedAt);
      }
      batch.version(draftId, recorded.streamVersion);
    }
    await batch.flush(tx);
    await batch.flushVersions(tx);
  }

  private async applyOne(tx: SqlClient, event: DraftEvent, draftId: string, at: Date): Promise<void> {
    switch (event.type) {
      case 'DraftCreated': {
        const { name, settings, createdAt } = event.data;
        await tx.query(
          `INSERT INTO drafts (id, name, status, teams_count, players_per_team, budget_per_team, draft_type,
                               current_round, total_picks, created_at, version, auction_time_limit, bid_time_reset,
                               nomination_time_limit)
           VALUES ($1, $2, 'created', $3, $4, $5, $6, 0, 0, $7, 0, $8, $9, $10)`,
          [
            draftId,
            name,
            settings.teamsCount,
            settings.playersPerTeam,
            settings.budgetPerTeam,
            settings.draftType,
            createdAt,
            settings.auctionTimeLimit ?? DEFAULT_DRAFT_SETTINGS.auctionTimeLimit,
            settings.bidTimeReset ?? DEFAULT_DRAFT_SETTINGS.bidTimeReset,
            settings.nominationTimeLimit ?? DEFAULT_DRAFT_SETTINGS.nominationTimeLimit,
          ],
        );
        return;
      }
      case 'DraftUpdated': {
        const { name, settings } = event.data;
        await tx.query(
          `UPDATE drafts SET name = coalesce($2, name), teams_count = coalesce($3, teams_count),
                  players_per_team = coalesce($4, players_per_team), budget_per_team = coalesce($5, budget_per_team),
                  draft_type = coalesce($6, draft_type),
                  auction_time_limit = coalesce($7, auction_time_limit), bid_time_reset = coalesce($8, bid_time_reset),
                  nomination_time_limit = coalesce($9, nomination_time_limit)
           WHERE id = $1`,
          [
            draftId,
            name ?? null,
            settings?.teamsCount ?? null,
            settings?.playersPerTeam ?? null,
            settings?.budgetPerTeam ?? null,
            settings?.draftType ?? null,
            settings?.auctionTimeLimit ?? null,
            settings?.bidTimeReset ?? null,
            settings?.nominationTimeLimit ?? null,
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
        await insertPick(tx, draftId, event.data.pick, at);
        await tx.query(`UPDATE drafts SET total_picks = total_picks + 1 WHERE id = $1`, [draftId]);
        await recomputeTeamStandings(tx, [event.data.pick.teamId], at);
        return;
      }
      case 'PickUpdated': {
        const { pick, previous } = event.data;
        await tx.query(
          `UPDATE picks SET player_id = $2, player_name = $3, position = $4, nfl_team = $5, team_id = $6, cost = $7
           WHERE id = $1`,
          [
            pickRowId(draftId, previous),
            pick.playerId,
            pick.playerName,
            pick.position,
            pick.nflTeam,
            pick.teamId,
            pick.cost,
          ],
        );
        await recomputeTeamStandings(tx, teamsTouchedByAssignment([previous.teamId], [pick.teamId]), at);
        return;
      }
      case 'KeeperAdded':
        await insertPick(tx, draftId, event.data.pick, at);
        await tx.query(`UPDATE drafts SET total_picks = total_picks + 1 WHERE id = $1`, [draftId]);
        await recomputeTeamStandings(tx, [event.data.pick.teamId], at);
        return;
      case 'KeeperRemoved':
      case 'PickUndone': {
        const { pick } = event.data;
        const { rows } = await tx.query<{ pick_number: number }>(
          `DELETE FROM picks WHERE id = $1 RETURNING pick_number`,
          [pickRowId(draftId, pick)],
        );
        const removed = rows[0]?.pick_number ?? pick.pickNumber;
        // Later picks move up one number (the constraint is checked at the end of the statement).
        await tx.query(
          `UPDATE picks SET pick_number = pick_number - 1 WHERE draft_id = $1 AND pick_number > $2`,
          [draftId, removed],
        );
        await tx.query(`UPDATE drafts SET total_picks = greatest(total_picks - 1, 0) WHERE id = $1`, [
          draftId,
        ]);
        await recomputeTeamStandings(tx, [pick.teamId], at);
        return;
      }
      case 'NominationTurnPassed': {
        const { currentTeamTurn, currentRound } = event.data;
        await tx.query(`UPDATE drafts SET current_team_turn = $2, current_round = $3 WHERE id = $1`, [
          draftId,
          currentTeamTurn,
          currentRound,
        ]);
        return;
      }
      case 'DraftPaused':
        await tx.query(`UPDATE drafts SET status = 'paused' WHERE id = $1`, [draftId]);
        return;
      case 'DraftResumed':
        await tx.query(`UPDATE drafts SET status = 'active' WHERE id = $1`, [draftId]);
        return;
      case 'DraftCompleted':
        // Nobody nominates in a completed draft: no team is on the clock (a reopening sets one again).
        await tx.query(
          `UPDATE drafts SET status = 'completed', completed_at = $2, current_team_turn = NULL WHERE id = $1`,
          [draftId, event.data.completedAt],
        );
        await recomputeTeamStandings(tx, await this.teamsOf(tx, draftId), at);
        return;
      case 'DraftReopened': {
        const { currentTeamTurn, currentRound } = event.data;
        await tx.query(
          `UPDATE drafts SET status = 'active', completed_at = NULL, current_team_turn = $2, current_round = $3
           WHERE id = $1`,
          [draftId, currentTeamTurn, currentRound],
        );
        await recomputeTeamStandings(tx, await this.teamsOf(tx, draftId), at);
        return;
      }
      // Batched by DraftWriteBatch (the auction index and its bid columns, ADR 0020), never applied alone.
      case 'PlayerNominated':
      case 'BidPlaced':
        throw new Error(`${event.type} is written by DraftWriteBatch`);
      // Private to its team, held by the folded stream only (docs/adr/0018).
      case 'NominationQueueSet':
      case 'ProxyBidSet':
      case 'ProxyBidRemoved':
      case 'AuctionCompleted':
        return;
      case 'DraftDeleted': {
        await tx.query(`UPDATE drafts SET deleted_at = $2, total_picks = 0 WHERE id = $1`, [
          draftId,
          event.data.deletedAt,
        ]);
        // Its players are available in it again with its picks gone; no other draft's availability moves.
        await tx.query(`DELETE FROM picks WHERE draft_id = $1`, [draftId]);
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
