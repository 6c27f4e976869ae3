import { toJsonValue } from './canonical-json.js';
import { eventHash, GENESIS_HASH } from './event-hash.js';
import type { SqlClient } from './event-store.types.js';

export interface BackfillResult {
  streams: number;
  events: number;
}

interface UnhashedRow {
  global_position: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: string | null;
}

/**
 * Gives rows written before the hash chain existed their hashes, stream by stream in version order, and sets
 * each stream's head hash. A row that already has a hash is kept as it is and chained onto (never rewritten:
 * if it disagrees, verify must still say so). Must run inside the caller's transaction (a migration step):
 * the append-only trigger is disabled only within it, so a failure leaves the trigger and the rows untouched.
 * The table lock this takes holds appends back while it runs, which is what an upgrade step wants.
 */
export async function backfillEventHashes(tx: SqlClient): Promise<BackfillResult> {
  const { rows: streams } = await tx.query<{ stream_id: string }>(
    'SELECT DISTINCT stream_id FROM es_events WHERE hash IS NULL ORDER BY stream_id',
  );
  if (streams.length === 0) return { streams: 0, events: 0 };

  await tx.query('ALTER TABLE es_events DISABLE TRIGGER es_events_append_only');
  let events = 0;
  for (const { stream_id: streamId } of streams) {
    events += await backfillStream(tx, streamId);
  }
  await tx.query('ALTER TABLE es_events ENABLE TRIGGER es_events_append_only');
  return { streams: streams.length, events };
}

async function backfillStream(tx: SqlClient, streamId: string): Promise<number> {
  const { rows } = await tx.query<UnhashedRow>(
    `SELECT global_position, stream_version, type, data, metadata, hash FROM es_events
     WHERE stream_id = $1 ORDER BY stream_version`,
    [streamId],
  );
  let previous = GENESIS_HASH;
  const filled: { position: string; hash: string }[] = [];
  for (const row of rows) {
    if (row.hash) {
      previous = row.hash;
      continue;
    }
    previous = eventHash(
      {
        streamId,
        streamVersion: row.stream_version,
        type: row.type,
        data: toJsonValue(row.data),
        metadata: toJsonValue(row.metadata),
      },
      previous,
    );
    filled.push({ position: row.global_position, hash: previous });
  }
  await tx.query(
    `UPDATE es_events SET hash = filled.hash
     FROM unnest($1::bigint[], $2::text[]) AS filled(position, hash)
     WHERE es_events.global_position = filled.position`,
    [filled.map((f) => f.position), filled.map((f) => f.hash)],
  );
  await tx.query('UPDATE es_streams SET last_hash = $2 WHERE stream_id = $1', [streamId, previous]);
  return filled.length;
}
