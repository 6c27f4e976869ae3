import { checkpointOf } from './checkpoint.js';
import type { Checkpoint, ReadAllResult, SqlClient } from './event-store.types.js';
import { READ_ALL_PAYLOADS_OF_SQL, READ_ALL_SQL } from './read-all.sql.js';
import { toRecordedEvent, type EventRow } from './recorded-event.mapper.js';

/**
 * readAll on a given client: the gap-safe page of the log after `after`, read in the caller's transaction, so a
 * subscriber can apply the page and save its checkpoint in that same transaction (exactly-once effects).
 * The reading transaction must not have written yet: its own id would be the snapshot's xmin and hide the page.
 */
export async function readAllIn(
  client: SqlClient,
  after: Checkpoint,
  limit: number,
  /**
   * The event types whose `data` and `metadata` the caller reads: the page still holds every event, in the same order
   * (so the checkpoint moves past all of them), but the others carry `data: null` and empty metadata. All when absent.
   */
  payloadsOf?: readonly string[],
): Promise<ReadAllResult> {
  if (!Number.isSafeInteger(limit) || limit <= 0) throw new TypeError('limit must be a positive integer');
  const { rows } = await client.query<EventRow>(
    payloadsOf ? READ_ALL_PAYLOADS_OF_SQL : READ_ALL_SQL,
    payloadsOf
      ? [after.transactionId, after.globalPosition, limit, [...payloadsOf]]
      : [after.transactionId, after.globalPosition, limit],
  );
  const events = rows.map(toRecordedEvent);
  const last = events.at(-1);
  return { events, checkpoint: last ? checkpointOf(last) : after };
}
