import { Injectable } from '@nestjs/common';
import { draftIdOfStream, type DraftEvent } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import type { Projection, UpcastRecord } from '../../infrastructure/event-sourcing/projection.js';

/** What the feed shows of each event kind it keeps; bids, nominations and private events are left out. */
const KINDS: Partial<Record<DraftEvent['type'], string>> = {
  DraftCreated: 'created',
  DraftStarted: 'started',
  PlayerSold: 'sold',
  KeeperAdded: 'keeper_added',
  KeeperRemoved: 'keeper_removed',
  PickUpdated: 'pick_updated',
  PickUndone: 'pick_undone',
  DraftPaused: 'paused',
  DraftResumed: 'resumed',
  DraftCompleted: 'completed',
  DraftReopened: 'reopened',
  DraftDeleted: 'deleted',
};

type ActivityRow = {
  position: number;
  draftId: string;
  version: number;
  kind: string;
  teamId: string | null;
  playerName: string | null;
  amount: number | null;
  at: Date;
};

/**
 * `draft_activity`, a draft's feed of notable events (sales, keepers, corrections, status changes), one row per
 * event keyed by its global position. Asynchronous (ADR 0022): no command's answer reads it, so it follows the
 * log through AsyncProjectionRunner instead of lengthening every append. Idempotent by position: a batch applied
 * twice (a crash between the write and the checkpoint cannot happen, the checkpoint is in the same transaction,
 * but a rebuild may overlap) leaves the same rows.
 */
@Injectable()
export class DraftActivityProjection implements Projection<DraftEvent> {
  readonly name = 'draft_activity';
  readonly tables = ['draft_activity'] as const;

  handles(eventType: string): boolean {
    return Object.hasOwn(KINDS, eventType);
  }

  async apply(events: readonly UpcastRecord<DraftEvent>[], tx: SqlClient): Promise<void> {
    const rows = events.flatMap((record) => {
      const row = activityRow(record);
      return row ? [row] : [];
    });
    if (rows.length === 0) return;
    await tx.query(
      `INSERT INTO draft_activity (global_position, draft_id, stream_version, kind, team_id, player_name, amount, at)
       SELECT * FROM unnest($1::bigint[], $2::uuid[], $3::int[], $4::text[], $5::uuid[], $6::text[], $7::int[],
                            $8::timestamptz[])
       ON CONFLICT (global_position) DO NOTHING`,
      [
        rows.map((r) => r.position),
        rows.map((r) => r.draftId),
        rows.map((r) => r.version),
        rows.map((r) => r.kind),
        rows.map((r) => r.teamId),
        rows.map((r) => r.playerName),
        rows.map((r) => r.amount),
        rows.map((r) => r.at),
      ],
    );
  }
}

export function activityRow({
  event,
  streamId,
  streamVersion,
  globalPosition,
  recordedAt,
}: UpcastRecord<DraftEvent>): ActivityRow | null {
  const kind = KINDS[event.type];
  if (kind === undefined) return null;
  const pick =
    event.type === 'PlayerSold' ||
    event.type === 'KeeperAdded' ||
    event.type === 'KeeperRemoved' ||
    event.type === 'PickUpdated' ||
    event.type === 'PickUndone'
      ? event.data.pick
      : null;
  return {
    position: globalPosition,
    draftId: draftIdOfStream(streamId),
    version: streamVersion,
    kind,
    teamId: pick?.teamId ?? null,
    playerName: pick?.playerName ?? null,
    amount: pick?.cost ?? null,
    at: recordedAt,
  };
}
