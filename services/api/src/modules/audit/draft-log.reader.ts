import { draftStreamId, upcastDraftEvent, type DraftEvent } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import { logEventMissing } from './audit.errors.js';

/** One stored event of a draft's stream, as the audit reads it. */
export interface DraftLogEvent {
  /** bigint in the database, kept as its decimal string. */
  globalPosition: string;
  streamVersion: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: Date;
  hash: string | null;
}

interface EventRow {
  global_position: string;
  stream_version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date;
  hash: string | null;
}

/** What the audit's fold reads of one stored event: no metadata; the time only for the upcaster (old picks). */
export interface FoldRow {
  streamVersion: number;
  globalPosition: string;
  hash: string | null;
  type: string;
  data: Record<string, unknown>;
  recordedAt: Date;
}

/** The stream's head and the event a replay stops at (absent when `at` is past the head). */
export interface ReplayPoint {
  lastVersion: number;
  event: { type: string; globalPosition: string; recordedAt: Date } | null;
}

/**
 * THE place where a stored row becomes a domain event for the audit (the replay fold, the results export, the
 * CLI): through the domain's upcaster, the one the decider and the projections use, so old shapes (picks without
 * ids, settings without clocks) read as the current shape. Rows of other types (and types this version does not
 * know) are not draft events: null.
 */
export function toDraftEvent(
  row: { type: string; data: Record<string, unknown>; recordedAt: Date },
  draftId: string,
): DraftEvent | null {
  return upcastDraftEvent({ streamId: draftStreamId(draftId), ...row });
}

const EVENT_COLUMNS =
  'global_position::text AS global_position, stream_version, type, data, metadata, recorded_at, hash';

/**
 * Reads a draft's stream for the audit, bounded by the stream's head (es_streams.version) read in the same
 * statement, so an append committing meanwhile never shows half. Within one stream appends are serialised by
 * the head row's lock, so global positions grow with stream versions and paging by either has no gaps.
 */
export class DraftLogReader {
  constructor(private readonly client: SqlClient) {}

  /** The stream's last version, 0 when the draft never existed. */
  async lastVersion(draftId: string): Promise<number> {
    const { rows } = await this.client.query<{ version: number }>(
      'SELECT version FROM es_streams WHERE stream_id = $1',
      [draftStreamId(draftId)],
    );
    return rows[0]?.version ?? 0;
  }

  /** Up to `limit` events after global position `after`, oldest first, plus the head version they were cut at. */
  async page(
    draftId: string,
    after: string,
    limit: number,
  ): Promise<{ events: DraftLogEvent[]; lastVersion: number }> {
    const { rows } = await this.client.query<EventRow & { head: number }>(
      `WITH head AS (SELECT version FROM es_streams WHERE stream_id = $1)
       SELECT ${EVENT_COLUMNS}, (SELECT version FROM head) AS head
       FROM es_events
       WHERE stream_id = $1 AND global_position > $2::bigint AND stream_version <= (SELECT version FROM head)
       ORDER BY stream_version
       LIMIT $3`,
      [draftStreamId(draftId), after, limit],
    );
    const lastVersion = rows[0]?.head ?? (await this.lastVersion(draftId));
    return { events: rows.map(toLogEvent), lastVersion };
  }

  /**
   * The head version and the event at stream version `at`, in one statement. A draft that never existed answers
   * lastVersion 0.
   */
  async pointAt(draftId: string, at: number | undefined): Promise<ReplayPoint> {
    const { rows } = await this.client.query<{
      version: number;
      type: string | null;
      global_position: string | null;
      recorded_at: Date | null;
    }>(
      `SELECT s.version, e.type, e.global_position::text AS global_position, e.recorded_at
       FROM es_streams s
       LEFT JOIN es_events e ON e.stream_id = s.stream_id AND e.stream_version = coalesce($2::bigint, s.version)
       WHERE s.stream_id = $1`,
      [draftStreamId(draftId), at ?? null],
    );
    const row = rows[0];
    if (row === undefined) return { lastVersion: 0, event: null };
    const event =
      row.type === null || row.global_position === null || row.recorded_at === null
        ? null
        : { type: row.type, globalPosition: row.global_position, recordedAt: row.recorded_at };
    return { lastVersion: row.version, event };
  }

  /**
   * Stream versions `from`..`to` with only what the fold needs, oldest first. `from` is the version of the snapshot
   * the fold resumes from (its row always comes back, to check the snapshot still matches the log), or 1.
   *
   * Bids placed before the last nomination in the range are left out: a BidPlaced only changes the open auction,
   * and the next PlayerNominated replaces that whole, so they cannot show at `to`. Bids are most of a draft's log
   * (about 17 of 21 events a sale in the benchmark), and rows read are what a replay from scratch costs (ADR 0024).
   * The fold between `from` and that nomination then lacks those bids: DraftAudit keeps snapshots only where no
   * auction is open.
   */
  async forFold(draftId: string, from: number, to: number): Promise<FoldRow[]> {
    const { rows } = await this.client.query<{
      v: number;
      p: string;
      h: string | null;
      t: string;
      d: Record<string, unknown>;
      r: Date;
      n: number;
    }>(
      // `n` counts the range's rows in the same scan: a version missing from it means the log was changed.
      `WITH opened AS (
         SELECT coalesce(max(stream_version) FILTER (WHERE type = 'PlayerNominated'), 0) AS v, count(*)::int AS n
         FROM es_events WHERE stream_id = $1 AND stream_version BETWEEN $2 AND $3
       )
       SELECT stream_version AS v, global_position::text AS p, hash AS h, type AS t, data AS d, recorded_at AS r,
         (SELECT n FROM opened) AS n
       FROM es_events
       WHERE stream_id = $1 AND stream_version BETWEEN $2 AND $3
         AND (type <> 'BidPlaced' OR stream_version > (SELECT v FROM opened) OR stream_version = $2)
       ORDER BY stream_version`,
      [draftStreamId(draftId), from, to],
    );
    // Folding past a missing event would answer a draft as if it had never happened (a deleted DraftTeamsAssigned:
    // a replay without teams).
    if ((rows[0]?.n ?? 0) !== to - from + 1)
      throw logEventMissing(await this.firstMissing(draftId, from, to));
    return rows.map((row) => ({
      streamVersion: row.v,
      globalPosition: row.p,
      hash: row.h,
      type: row.t,
      data: row.d,
      recordedAt: row.r,
    }));
  }

  /** The first stream version in `from`..`to` that has no row (read only once a count says one is missing). */
  private async firstMissing(draftId: string, from: number, to: number): Promise<number> {
    const { rows } = await this.client.query<{ v: number | null }>(
      `SELECT min(v)::int AS v FROM generate_series($2::int, $3::int) AS v
       WHERE NOT EXISTS (SELECT 1 FROM es_events WHERE stream_id = $1 AND stream_version = v)`,
      [draftStreamId(draftId), from, to],
    );
    return rows[0]?.v ?? from;
  }

  /**
   * The stream version of the first event of `types` that holds no `salt` and belongs to a team outside `ownTeamIds`
   * (a private event written before the salt, see hideOthersMaxima), or null when there is none.
   */
  async firstUnsaltedOf(
    draftId: string,
    types: readonly string[],
    ownTeamIds: readonly string[],
  ): Promise<number | null> {
    const { rows } = await this.client.query<{ v: number | null }>(
      `SELECT min(stream_version) AS v FROM es_events
       WHERE stream_id = $1 AND type = ANY($2::text[]) AND NOT (data ? 'salt')
         AND NOT (coalesce(data->>'teamId', '') = ANY($3::text[]))`,
      [draftStreamId(draftId), [...types], [...ownTeamIds]],
    );
    return rows[0]?.v ?? null;
  }

  /** Every event up to and including stream version `at` (and only those: replay never reads past N). */
  async upTo(draftId: string, at: number): Promise<DraftLogEvent[]> {
    const { rows } = await this.client.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events
       WHERE stream_id = $1 AND stream_version <= $2
       ORDER BY stream_version`,
      [draftStreamId(draftId), at],
    );
    return rows.map(toLogEvent);
  }
}

function toLogEvent(row: EventRow): DraftLogEvent {
  return {
    globalPosition: row.global_position,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    hash: row.hash,
  };
}
