import { createHash } from 'node:crypto';
import type { NewEvent, RecordedEvent } from './event-store.types.js';
import { chainInsertRows } from './hash-chain.js';
import {
  assertValidEvents,
  EVENT_COLUMNS,
  toInsertRows,
  toRecordedEvent,
  type EventRow,
} from './recorded-event.mapper.js';

/**
 * Read-model writes that ride in the append's statement (data-modifying CTEs). `param` adds a parameter and answers
 * its placeholder; every write must include `ifAppended` in its WHERE clause, so it does nothing when the append
 * did not happen.
 */
export type StatementWrites = (param: (value: unknown) => string, ifAppended: string) => string[];

export interface OneStatementAppend {
  /** The version the caller folded to: the append happens only if the stream is still there. */
  expectedVersion: number;
  /** The stream's newest hash as the caller knows it (its last append or read): the chain continues from it. */
  previousHash: string | null;
  metadata?: Record<string, unknown>;
  /**
   * The client's command id (an idempotency key, ADR 0020): the append happens only if the id is not recorded yet,
   * and records it with the events' positions, as the transaction path's claim does.
   */
  commandId?: string;
  writes?: StatementWrites;
}

const UNIQUE_VIOLATION = '23505';
/** A deadlock PostgreSQL broke by aborting this statement (a retry racing its own first run on the other path). */
const DEADLOCK_DETECTED = '40P01';

/** A pooled client that runs named (prepared) statements: pg's Pool and PoolClient. */
export interface PreparingSqlClient {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: R[] }>;
}

/**
 * The statement's name: the same text always gets the same name, so each pooled connection parses and plans a shape
 * once (pg prepares a named statement per connection) instead of on every bid; a bid command has one shape.
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `es.append1.${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    // Shapes are few (event count × read-model writes); the bound only guards against a caller that varies text.
    if (statementNames.size < 1_000) statementNames.set(text, name);
  }
  return name;
}

/**
 * The whole append in ONE autocommitted statement (ADR 0020): move the stream's version and head hash, insert the
 * events, and run the inline read-model writes, each step only if the one before happened. It needs what the normal
 * path reads inside its transaction (the version and the newest hash) from the caller's cache. Answers the recorded
 * events, or null when the stream is not at `expectedVersion` with `previousHash` (another writer, or a stale cache)
 * or the command id is recorded already (a retry): nothing was written, and the caller falls back to the transaction
 * path, which reads, claims and decides (a retry answers its first outcome there).
 *
 * A command id is checked in the version update's WHERE and recorded by the same statement. The check reads the
 * statement's snapshot, so a first run committing meanwhile is not seen by it; but that first run moved the stream's
 * version, so this update finds no row (READ COMMITTED re-checks the version on the locked row): of two appends with
 * one id, one at most succeeds here, as with the transaction path's claim.
 *
 * What the transaction path guarantees still holds: the version check is the same row update (of two writers one
 * wins, the other finds no row), the events' positions come from the same sequence and their transaction id from
 * the same default (the gap-safe reader sees them like any other), and the hash chain continues from the head the
 * update matched.
 */
export async function appendInOneStatement(
  client: PreparingSqlClient,
  streamId: string,
  events: readonly NewEvent[],
  options: OneStatementAppend,
): Promise<RecordedEvent[] | null> {
  assertValidEvents(streamId, events, options.metadata);
  if (events.length === 0) throw new TypeError('appendInOneStatement needs at least one event');
  const versionBefore = options.expectedVersion;
  const chained = chainInsertRows(
    streamId,
    versionBefore,
    options.previousHash,
    toInsertRows(events, options.metadata, options.commandId),
  );
  const params: unknown[] = [
    streamId,
    versionBefore,
    JSON.stringify(chained.rows),
    events.length,
    chained.lastHash,
    options.previousHash,
  ];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const commandId = options.commandId === undefined ? null : param(options.commandId);
  const writes = (options.writes?.(param, 'EXISTS (SELECT 1 FROM inserted)') ?? []).map(
    (sql, index) => `, write_${index} AS (${sql})`,
  );
  if (commandId) {
    writes.unshift(`, command AS (
         INSERT INTO es_commands (command_id, stream_id, first_position, last_position)
         SELECT ${commandId}, $1, min(global_position), max(global_position) FROM inserted HAVING count(*) > 0
       )`);
  }
  const unclaimed = commandId
    ? ` AND NOT EXISTS (SELECT 1 FROM es_commands WHERE command_id = ${commandId})`
    : '';
  const text = `WITH head AS (
         UPDATE es_streams SET version = version + $4, last_hash = $5
         WHERE stream_id = $1 AND version = $2 AND last_hash IS NOT DISTINCT FROM $6${unclaimed}
         RETURNING version
       ), inserted AS (
         INSERT INTO es_events (stream_id, stream_version, type, data, metadata, hash)
         SELECT $1, $2::int + e.ord::int, e.event->>'type', e.event->'data', e.event->'metadata', e.event->>'hash'
         FROM head, jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(event, ord)
         ORDER BY e.ord
         RETURNING ${EVENT_COLUMNS}
       )${writes.join('')}
       SELECT * FROM inserted ORDER BY stream_version`;
  try {
    const { rows } = await client.query<EventRow>({ name: statementName(text), text, values: params });
    return rows.length === 0 ? null : rows.map(toRecordedEvent);
  } catch (error) {
    // es_streams disagreed with es_events (rows written around the store), or the command id was recorded by a
    // transaction that committed meanwhile, or a deadlock with it was broken here: the statement wrote nothing, and
    // the transaction path sorts it out.
    const code = (error as { code?: string } | null)?.code;
    if (code === UNIQUE_VIOLATION || code === DEADLOCK_DETECTED) return null;
    throw error;
  }
}
