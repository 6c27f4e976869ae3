import { Injectable } from '@nestjs/common';
import { draftIdOfStream, isDraftEvent, type DraftEvent } from '@auction/domain';
import type { SqlClient, StatementWrites } from '@auction/event-store';
import type {
  Projection,
  StatementRecord,
  UpcastRecord,
} from '../../infrastructure/event-sourcing/projection.js';

/** Per draft, what a run of auction events changes on its row: the pick count and the team on the clock. */
type RunChange = { picks: number; turn?: { team: string; round: number } };

/**
 * `drafts`, from the draft streams alone: settings, status, clock owner, pick count and the stream version the row
 * reflects. Runs of the frequent auction events (sales, turns, bids) are collected per draft and written set-based;
 * any other event flushes the run first, so the rows equal a one-by-one application whatever the batching.
 */
@Injectable()
export class DraftProjection implements Projection<DraftEvent> {
  readonly name = 'drafts';
  readonly tables = ['drafts'] as const;

  handles(eventType: string): boolean {
    return isDraftEvent({ type: eventType });
  }

  inStatement(events: readonly StatementRecord<DraftEvent>[]): StatementWrites | null {
    return draftVersionInStatement(events);
  }

  async apply(events: readonly UpcastRecord<DraftEvent>[], tx: SqlClient): Promise<void> {
    let run = new Map<string, RunChange>();
    const versions = new Map<string, number>();
    for (const { event, streamId, streamVersion } of events) {
      const draftId = draftIdOfStream(streamId);
      versions.set(draftId, streamVersion);
      if (addToRun(run, draftId, event)) continue;
      await flushRun(tx, run);
      run = new Map();
      await applyOne(tx, draftId, event);
    }
    await flushRun(tx, run);
    // drafts.version is only read after the transaction: the last one per draft is written once.
    if (versions.size > 0) {
      await tx.query(
        `UPDATE drafts d SET version = v.version FROM unnest($1::uuid[], $2::int[]) AS v(id, version)
         WHERE d.id = v.id`,
        [[...versions.keys()], [...versions.values()]],
      );
    }
  }
}

/** Events that change nothing on the drafts row but its version: a bid command's (ADR 0020). */
const VERSION_ONLY = new Set<string>(['BidPlaced', 'ProxyBidSet', 'ProxyBidRemoved', 'NominationQueueSet']);

/** In the append's statement: only the version, for events that change nothing else on the row. */
export function draftVersionInStatement(
  events: readonly StatementRecord<DraftEvent>[],
): StatementWrites | null {
  const last = events.at(-1);
  if (!last || !events.every(({ event }) => VERSION_ONLY.has(event.type))) return null;
  const draftId = draftIdOfStream(last.streamId);
  return (param, ifAppended) => [
    `UPDATE drafts SET version = ${param(last.streamVersion)} WHERE id = ${param(draftId)} AND ${ifAppended}`,
  ];
}

function addToRun(run: Map<string, RunChange>, draftId: string, event: DraftEvent): boolean {
  const change = (): RunChange => {
    const existing = run.get(draftId) ?? { picks: 0 };
    run.set(draftId, existing);
    return existing;
  };
  switch (event.type) {
    case 'PlayerSold':
      change().picks += 1;
      return true;
    case 'NominationTurnPassed':
      change().turn = { team: event.data.currentTeamTurn, round: event.data.currentRound };
      return true;
    // Private to a team or held by the folded stream only (the open auction): nothing on the drafts row.
    case 'PlayerNominated':
    case 'BidPlaced':
    case 'ProxyBidSet':
    case 'ProxyBidRemoved':
    case 'AuctionCompleted':
    case 'NominationQueueSet':
      return true;
    default:
      return false;
  }
}

async function flushRun(tx: SqlClient, run: Map<string, RunChange>): Promise<void> {
  const changes = [...run].filter(([, change]) => change.picks > 0 || change.turn);
  if (changes.length === 0) return;
  await tx.query(
    `UPDATE drafts d SET total_picks = d.total_picks + v.picks,
            current_team_turn = CASE WHEN v.has_turn THEN v.team ELSE d.current_team_turn END,
            current_round = CASE WHEN v.has_turn THEN v.round ELSE d.current_round END
     FROM unnest($1::uuid[], $2::int[], $3::bool[], $4::uuid[], $5::int[]) AS v(id, picks, has_turn, team, round)
     WHERE d.id = v.id`,
    [
      changes.map(([id]) => id),
      changes.map(([, change]) => change.picks),
      changes.map(([, change]) => change.turn !== undefined),
      changes.map(([, change]) => change.turn?.team ?? null),
      changes.map(([, change]) => change.turn?.round ?? 0),
    ],
  );
}

async function applyOne(tx: SqlClient, draftId: string, event: DraftEvent): Promise<void> {
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
          settings.auctionTimeLimit,
          settings.bidTimeReset,
          settings.nominationTimeLimit,
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
      return;
    }
    case 'KeeperAdded':
      await tx.query(`UPDATE drafts SET total_picks = total_picks + 1 WHERE id = $1`, [draftId]);
      return;
    case 'KeeperRemoved':
    case 'PickUndone':
      await tx.query(`UPDATE drafts SET total_picks = greatest(total_picks - 1, 0) WHERE id = $1`, [draftId]);
      return;
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
      return;
    case 'DraftReopened': {
      const { currentTeamTurn, currentRound } = event.data;
      await tx.query(
        `UPDATE drafts SET status = 'active', completed_at = NULL, current_team_turn = $2, current_round = $3
         WHERE id = $1`,
        [draftId, currentTeamTurn, currentRound],
      );
      return;
    }
    case 'DraftDeleted':
      await tx.query(`UPDATE drafts SET deleted_at = $2, total_picks = 0 WHERE id = $1`, [
        draftId,
        event.data.deletedAt,
      ]);
      return;
    // Picks and teams are their own projections'; a correction changes nothing on the drafts row.
    default:
      return;
  }
}
