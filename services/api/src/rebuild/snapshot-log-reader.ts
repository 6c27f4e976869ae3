import pg from 'pg';
import {
  EVENT_COLUMNS,
  toRecordedEvent,
  type EventRow,
  type RecordedEvent,
  type SqlClient,
} from '@auction/event-store';
import type { FoldedEvent } from './rebuild-fold.js';

export const BULK_PAGE_SIZE = 20_000;

/**
 * Opens the rebuild's snapshot on a client of its own: one REPEATABLE READ transaction, so the bulk pass reads one
 * consistent log however long it takes while appends go on, and the snapshot's text tells the catch-up exactly
 * which events it did not see (pg_visible_in_snapshot), whatever order transactions committed in.
 */
export async function openSnapshot(client: SqlClient): Promise<string> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const { rows } = await client.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot');
  return rows[0]!.snapshot;
}

interface BulkRow {
  global_position: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  recorded_at: string;
}

const TIMESTAMPTZ = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ);
/** recorded_at comes as text: most events (bids) never need it as a Date, and parsing 1M dates costs seconds. */
const rawTimestamps = {
  getTypeParser: ((oid: number) =>
    oid === TIMESTAMPTZ
      ? (value: string) => value
      : pg.types.getTypeParser(oid)) as typeof pg.types.getTypeParser,
};

/** An event of the bulk pass; its time is parsed (by pg's own parser, so to the same Date) when first asked. */
class BulkEvent implements FoldedEvent {
  readonly globalPosition: number;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly type: string;
  readonly data: unknown;
  private recorded: Date | string;

  constructor(row: BulkRow) {
    this.globalPosition = Number(row.global_position);
    this.streamId = row.stream_id;
    this.streamVersion = row.stream_version;
    this.type = row.type;
    this.data = row.data;
    this.recorded = row.recorded_at;
  }

  get recordedAt(): Date {
    if (typeof this.recorded === 'string') this.recorded = parseTimestamptz(this.recorded) as Date;
    return this.recorded;
  }
}

/**
 * The snapshot's events of the given types, in log order ((transaction id, position), as the live projections and
 * readAll see it), through a server-side cursor in large pages. The next page is fetched while the caller folds
 * the current one, so the database reads and the fold overlap. Only the columns a fold reads are shipped.
 */
export async function* readSnapshotLog(
  client: pg.ClientBase,
  types: readonly string[],
  pageSize = BULK_PAGE_SIZE,
): AsyncGenerator<FoldedEvent[]> {
  await client.query(
    `DECLARE rebuild_log NO SCROLL CURSOR FOR
     SELECT global_position, stream_id, stream_version, type, data, recorded_at FROM es_events
     WHERE type = ANY($1::text[]) ORDER BY transaction_id, global_position`,
    [types],
  );
  const fetchPage = () =>
    client.query<BulkRow>({ text: `FETCH FORWARD ${pageSize} FROM rebuild_log`, types: rawTimestamps });
  let next = fetchPage();
  try {
    for (;;) {
      const { rows } = await next;
      if (rows.length === 0) return;
      next = fetchPage();
      yield rows.map((row) => new BulkEvent(row));
    }
  } finally {
    // A page may still be in flight when the consumer stops early: let it land before the cursor goes.
    await next.catch(() => undefined);
    await client.query('CLOSE rebuild_log').catch(() => undefined);
  }
}

/** How many events the snapshot holds (the figure a rebuild reports, whatever types its folds read). */
export async function countSnapshotEvents(client: SqlClient): Promise<number> {
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM es_events');
  return Number(rows[0]!.n);
}

/**
 * Events committed now that `snapshot` did not see, in log order: the catch-up's tail. The xmin bound lets the
 * (transaction_id, global_position) index skip everything older. Reads in the caller's transaction snapshot.
 */
export async function readEventsAfterSnapshot(client: SqlClient, snapshot: string): Promise<RecordedEvent[]> {
  const { rows } = await client.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM es_events
     WHERE transaction_id >= pg_snapshot_xmin($1::pg_snapshot)
       AND NOT pg_visible_in_snapshot(transaction_id, $1::pg_snapshot)
     ORDER BY transaction_id, global_position`,
    [snapshot],
  );
  return rows.map(toRecordedEvent);
}

/** The current transaction's snapshot, as text (the next catch-up round's starting point). */
export async function currentSnapshot(client: SqlClient): Promise<string> {
  const { rows } = await client.query<{ snapshot: string }>('SELECT pg_current_snapshot()::text AS snapshot');
  return rows[0]!.snapshot;
}
