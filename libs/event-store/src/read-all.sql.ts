import { EVENT_COLUMNS, EVENT_COLUMNS_WITH_PAYLOADS_OF } from './recorded-event.mapper.js';

/**
 * The gap-safe page of the log after ($1 transaction id, $2 position), at most $3 events.
 *
 * ORDER BY names the table's columns (`es_events.`) on purpose: EVENT_COLUMNS outputs `transaction_id::text AS
 * transaction_id`, and a bare ORDER BY name resolves to the output column first, so the page was sorted as text
 * ('10000' < '9999') while the WHERE compared xid8s. Once transaction ids crossed a power of ten a page began past
 * events it had not returned yet, and the checkpoint skipped them.
 */
export const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS} FROM es_events
  WHERE (es_events.transaction_id, es_events.global_position) > ($1::xid8, $2::bigint)
    AND es_events.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY es_events.transaction_id, es_events.global_position
  LIMIT $3`;

/**
 * READ_ALL_SQL with `data` and `metadata` only for the event types in $4 (text[]); the other rows come back with both
 * NULL. Same rows, same order, so a subscriber that keeps a few kinds of event still moves its checkpoint past all of
 * them, without the rest's payloads crossing the wire and being parsed.
 */
export const READ_ALL_PAYLOADS_OF_SQL = READ_ALL_SQL.replace(
  `SELECT ${EVENT_COLUMNS} FROM`,
  `SELECT ${EVENT_COLUMNS_WITH_PAYLOADS_OF('$4::text[]')} FROM`,
);
