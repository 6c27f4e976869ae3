import type pg from 'pg';
import type { OpsAggregates, RelayPosition } from './ops-figures.js';

/** A pool or a client: anything that runs a query. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** How many minutes the bids-per-minute series covers. */
export const SERIES_MINUTES = 30;

/** Whether the ops consumer created its tables in this database. */
export async function opsTablesExist(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ ready: boolean }>(
    `SELECT to_regclass('ops_drafts') IS NOT NULL AND to_regclass('ops_bids') IS NOT NULL
        AND to_regclass('ops_auctions') IS NOT NULL AND to_regclass('ops_consumer_lag') IS NOT NULL AS ready`,
  );
  return rows[0]?.ready === true;
}

/** No drafts, no bids, a series of zeros for the last 30 minutes, no lag measured. */
export function emptyOpsAggregates(now: Date): OpsAggregates {
  const minute = Math.floor(now.getTime() / 60_000) * 60_000;
  return {
    draftsByStatus: {},
    bids: { total: 0, lastMinute: 0, lastFiveMinutes: 0, lastSecond: 0, judged: 0 },
    bidsPerMinuteSeries: Array.from({ length: SERIES_MINUTES }, (_, i) => ({
      minute: new Date(minute - (SERIES_MINUTES - 1 - i) * 60_000).toISOString(),
      bids: 0,
    })),
    auctions: { completed: 0, averageLengthMs: null },
    relay: null,
    consumer: null,
  };
}

/**
 * The figures' raw counts from the ops tables (written by the ops consumer, services/ops) and the relay's position
 * in the log. Tables that do not exist yet (the consumer never ran on this database) read as empty: zeros, no lag.
 */
export async function readOpsAggregates(
  db: Queryable,
  { topic, relayName }: { topic: string; relayName: string },
  now: Date,
): Promise<OpsAggregates> {
  if (!(await opsTablesExist(db))) {
    return { ...emptyOpsAggregates(now), relay: await readRelayPosition(db, relayName) };
  }
  const [drafts, bids, series, auctions, relay, consumer] = await Promise.all([
    db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM ops_drafts GROUP BY status',
    ),
    db.query(
      `SELECT count(*)::int AS total,
         count(*) FILTER (WHERE placed_at > $1::timestamptz - interval '1 minute')::int AS last_minute,
         count(*) FILTER (WHERE placed_at > $1::timestamptz - interval '5 minutes')::int AS last_five,
         count(*) FILTER (WHERE last_second)::int AS last_second,
         count(last_second)::int AS judged
       FROM ops_bids`,
      [now],
    ),
    db.query<{ minute: Date; bids: number }>(
      `SELECT m.minute, count(b.global_position)::int AS bids
       FROM generate_series(date_trunc('minute', $1::timestamptz) - interval '29 minutes',
                            date_trunc('minute', $1::timestamptz), interval '1 minute') AS m(minute)
       LEFT JOIN ops_bids b ON b.placed_at >= m.minute AND b.placed_at < m.minute + interval '1 minute'
       GROUP BY m.minute ORDER BY m.minute`,
      [now],
    ),
    db.query('SELECT count(*)::int AS n, avg(duration_ms)::float8 AS avg FROM ops_auctions'),
    readRelayPosition(db, relayName),
    db.query('SELECT * FROM ops_consumer_lag WHERE topic = $1 ORDER BY partition', [topic]),
  ]);
  const b = bids.rows[0];
  return {
    draftsByStatus: Object.fromEntries(drafts.rows.map((r) => [r.status, r.n])),
    bids: {
      total: b.total,
      lastMinute: b.last_minute,
      lastFiveMinutes: b.last_five,
      lastSecond: b.last_second,
      judged: b.judged,
    },
    bidsPerMinuteSeries: series.rows.map((r) => ({ minute: r.minute.toISOString(), bids: r.bids })),
    auctions: { completed: auctions.rows[0].n, averageLengthMs: auctions.rows[0].avg },
    relay,
    consumer:
      consumer.rows.length === 0
        ? null
        : {
            measuredAt: (consumer.rows[0].measured_at as Date).toISOString(),
            partitions: consumer.rows.map((r) => ({
              partition: r.partition,
              highWatermark: Number(r.high_watermark),
              committedOffset: r.committed_offset === null ? null : Number(r.committed_offset),
              lag: Number(r.lag),
            })),
          },
  };
}

/**
 * How far the relay is behind the log, read from its checkpoint and es_events (same database). Counted in
 * the relay's own order, so an event committed late behind a long transaction counts as not relayed yet.
 * Null when this database has no relay (no checkpoint table). Also the API's relay-lag gauges, at scrape time.
 */
export async function readRelayPosition(db: Queryable, relayName: string): Promise<RelayPosition | null> {
  const { rows } = await db.query(
    `SELECT to_regclass('relay_checkpoints') IS NOT NULL AND to_regclass('es_events') IS NOT NULL AS ready`,
  );
  if (!rows[0].ready) return null;
  const result = await db.query(
    // One row even before the relay saved a checkpoint; the xid8 stays an xid8 (never text, which orders '10' < '9').
    `WITH cp AS (
       SELECT coalesce(r.transaction_id, '0'::xid8) AS tx, coalesce(r.global_position, 0) AS pos, r.updated_at
       FROM (SELECT 1) AS one LEFT JOIN relay_checkpoints r ON r.name = $1
     ), behind AS (
       SELECT e.recorded_at FROM es_events e, cp
       WHERE (e.transaction_id, e.global_position) > (cp.tx, cp.pos) LIMIT 1000000
     )
     SELECT cp.pos, cp.updated_at, (SELECT coalesce(max(global_position), 0) FROM es_events) AS newest,
            (SELECT count(*) FROM behind) AS behind, (SELECT min(recorded_at) FROM behind) AS oldest
     FROM cp`,
    [relayName],
  );
  const row = result.rows[0];
  return {
    relayedPosition: Number(row.pos),
    newestPosition: Number(row.newest),
    eventsBehind: Number(row.behind),
    oldestUnrelayedAt: row.oldest ? (row.oldest as Date).toISOString() : null,
    checkpointUpdatedAt: row.updated_at ? (row.updated_at as Date).toISOString() : null,
  };
}
