import type { RecordedEvent, SqlClient } from './event-store.types.js';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './recorded-event.mapper.js';

let cursors = 0;

/**
 * Every event committed when the first batch is asked for, in log order ((transaction id, position), the order
 * readAll delivers), in batches, through a cursor of the caller's transaction: one snapshot however long the
 * read, and no bound at the snapshot's xmin. readAll's bound is right for a subscriber that will ask again, but
 * a one-pass reader (the read-model rebuild) would silently stop short of events committed behind any open
 * transaction of the server, another database's included. Needs a transaction (a cursor lives in one).
 */
export async function* readCommittedLog(tx: SqlClient, batchSize: number): AsyncGenerator<RecordedEvent[]> {
  if (!Number.isSafeInteger(batchSize) || batchSize <= 0)
    throw new TypeError('batchSize must be a positive integer');
  const cursor = `es_committed_log_${++cursors}`;
  await tx.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT ${EVENT_COLUMNS} FROM es_events
     ORDER BY es_events.transaction_id, es_events.global_position`,
  );
  try {
    for (;;) {
      const { rows } = await tx.query<EventRow>(`FETCH FORWARD ${batchSize} FROM ${cursor}`);
      if (rows.length === 0) return;
      yield rows.map(toRecordedEvent);
    }
  } finally {
    await tx.query(`CLOSE ${cursor}`).catch(() => undefined);
  }
}
