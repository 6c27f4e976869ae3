import type pg from 'pg';
import type { GeneratedEvent } from './draft-log-generator.js';

const INSERT_BATCH = 10_000;

/**
 * Generated events and their streams' heads straight into es_events/es_streams, set-based, batches of 10,000 rows
 * (the benchmarks' way of having a big log without playing it through the API).
 */
export async function insertGeneratedLog(
  pool: pg.Pool,
  events: readonly GeneratedEvent[],
  streams: Map<string, { version: number; hash: string }>,
): Promise<void> {
  for (let start = 0; start < events.length; start += INSERT_BATCH) {
    const batch = events.slice(start, start + INSERT_BATCH);
    await pool.query(
      `INSERT INTO es_events (stream_id, stream_version, type, data, metadata, hash, recorded_at)
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::timestamptz[])`,
      [
        batch.map((e) => e.streamId),
        batch.map((e) => e.streamVersion),
        batch.map((e) => e.type),
        batch.map((e) => JSON.stringify(e.data)),
        batch.map((e) => JSON.stringify(e.metadata)),
        batch.map((e) => e.hash),
        batch.map((e) => e.recordedAt),
      ],
    );
  }
  const heads = [...streams.entries()];
  await pool.query(
    `INSERT INTO es_streams (stream_id, version, last_hash) SELECT * FROM unnest($1::text[], $2::int[], $3::text[])`,
    [heads.map(([id]) => id), heads.map(([, head]) => head.version), heads.map(([, head]) => head.hash)],
  );
}
