import { eventHash, GENESIS_HASH } from './event-hash.js';
import type { SqlClient } from './event-store.types.js';

const PAGE_SIZE = 1_000;

export type VerifyResult =
  | { ok: true; events: number }
  | {
      ok: false;
      /** The first event whose stored hash disagrees; globalPosition is null when the event is missing. */
      brokenAt: { streamVersion: number; globalPosition: number | null };
      reason: string;
    };

interface ChainRow {
  global_position: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  hash: string | null;
}

/**
 * Recomputes a stream's hash chain from its stored rows, a page at a time. The stream's head (es_streams) is
 * read first and only events up to its version are checked, so appends committing meanwhile do not count; no event
 * may be stored past the head, and the head's last_hash must equal the last event's, which catches events deleted
 * from the end of the stream.
 */
export async function verifyStream(client: SqlClient, streamId: string): Promise<VerifyResult> {
  const head = await readHead(client, streamId);
  let previous = GENESIS_HASH;
  let expectedVersion = 1;
  for (;;) {
    const { rows } = await client.query<ChainRow>(
      `SELECT global_position, stream_version, type, data, metadata, hash FROM es_events
       WHERE stream_id = $1 AND stream_version >= $2 AND stream_version <= $3
       ORDER BY stream_version LIMIT $4`,
      [streamId, expectedVersion, head.version, PAGE_SIZE],
    );
    for (const row of rows) {
      const broken = checkRow(streamId, row, expectedVersion, previous);
      if (broken) return broken;
      previous = row.hash!;
      expectedVersion += 1;
    }
    if (rows.length < PAGE_SIZE) break;
  }
  if (expectedVersion <= head.version) {
    return brokenAt(expectedVersion, null, `event ${expectedVersion} of ${head.version} is missing`);
  }
  const past = await firstEventPastHead(client, streamId);
  if (past) {
    return brokenAt(
      past.stream_version,
      Number(past.global_position),
      `event ${past.stream_version} is stored past the stream's recorded head (${past.head}): the head was moved back`,
    );
  }
  if (head.version > 0 && head.lastHash !== previous) {
    return brokenAt(
      head.version,
      null,
      "the stream's recorded head hash differs from its last event's: events were removed or rewritten",
    );
  }
  return { ok: true, events: head.version };
}

function checkRow(
  streamId: string,
  row: ChainRow,
  expectedVersion: number,
  previousHash: string,
): VerifyResult | undefined {
  const position = Number(row.global_position);
  if (row.stream_version !== expectedVersion) {
    return brokenAt(expectedVersion, null, `event ${expectedVersion} is missing`);
  }
  if (!row.hash) return brokenAt(row.stream_version, position, 'the event has no hash');
  const recomputed = eventHash(
    { streamId, streamVersion: row.stream_version, type: row.type, data: row.data, metadata: row.metadata },
    previousHash,
  );
  if (recomputed !== row.hash) {
    return brokenAt(
      row.stream_version,
      position,
      "the event's content or its predecessor's hash does not match its stored hash",
    );
  }
  return undefined;
}

function brokenAt(streamVersion: number, globalPosition: number | null, reason: string): VerifyResult {
  return { ok: false, brokenAt: { streamVersion, globalPosition }, reason };
}

/**
 * The first event stored past the stream's head, read with the head in one statement: an append committing meanwhile
 * moves both, so it never shows here. A head moved back (by hand, or restored from an older copy than the events) hides
 * those events from every read bounded by it, and the next append collides with them.
 */
async function firstEventPastHead(
  client: SqlClient,
  streamId: string,
): Promise<{ stream_version: number; global_position: string; head: number } | undefined> {
  const { rows } = await client.query<{ stream_version: number; global_position: string; head: number }>(
    `SELECT e.stream_version, e.global_position, coalesce(s.version, 0) AS head
     FROM es_events e LEFT JOIN es_streams s ON s.stream_id = e.stream_id
     WHERE e.stream_id = $1 AND e.stream_version > coalesce(s.version, 0)
     ORDER BY e.stream_version LIMIT 1`,
    [streamId],
  );
  return rows[0];
}

async function readHead(
  client: SqlClient,
  streamId: string,
): Promise<{ version: number; lastHash: string | null }> {
  const { rows } = await client.query<{ version: number; last_hash: string | null }>(
    'SELECT version, last_hash FROM es_streams WHERE stream_id = $1',
    [streamId],
  );
  return { version: rows[0]?.version ?? 0, lastHash: rows[0]?.last_hash ?? null };
}
