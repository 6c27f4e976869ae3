import type { AppendOptions, AppendResult, NewEvent, RecordedEvent, SqlClient } from './event-store.types.js';
import { toVersionClaim, versionMatches, type VersionClaim } from './expected-version.js';
import { chainInsertRows } from './hash-chain.js';
import {
  assertValidEvents,
  EVENT_COLUMNS,
  toInsertRows,
  toRecordedEvent,
  type EventRow,
} from './recorded-event.mapper.js';
import { WrongExpectedVersionError } from './wrong-expected-version.error.js';

const UNIQUE_VIOLATION = '23505';
const STREAM_VERSION_CONSTRAINT = 'es_events_stream_version_unique';

/**
 * Appends inside a transaction the caller has begun (and will commit or roll back). PostgresEventStore.append
 * wraps it in its own transaction; use this directly only to add other writes to the same transaction.
 * On any error the caller must roll back.
 */
export async function appendInTransaction(
  tx: SqlClient,
  streamId: string,
  events: readonly NewEvent[],
  options: AppendOptions,
): Promise<AppendResult> {
  assertValidEvents(streamId, events, options.metadata);
  const claim = toVersionClaim(options.expectedVersion);

  if (options.commandId !== undefined) {
    const previous = await claimCommand(tx, options.commandId, streamId);
    if (previous) return previous;
  }

  if (events.length === 0) {
    const version = await readStreamVersion(tx, streamId);
    if (!versionMatches(claim, version)) {
      throw new WrongExpectedVersionError(streamId, options.expectedVersion, version);
    }
    await options.project?.(tx, []);
    return { recorded: [], nextExpectedVersion: version, alreadyProcessed: false };
  }

  const claimed = await claimVersions(tx, streamId, claim, events.length, options);
  const recorded = await insertEvents(tx, streamId, claimed, events, options);
  const newVersion = claimed.version;
  await options.project?.(tx, recorded);
  return { recorded, nextExpectedVersion: newVersion, alreadyProcessed: false };
}

/**
 * Inserting the command row first is the check and the claim in one statement: ON CONFLICT waits for a
 * concurrent transaction holding the same id, then does nothing if it committed (we return its result) or
 * inserts if it rolled back. So two racing retries never both append, and neither sees a spurious conflict.
 */
async function claimCommand(
  tx: SqlClient,
  commandId: string,
  streamId: string,
): Promise<AppendResult | undefined> {
  const claimed = await tx.query(
    `INSERT INTO es_commands (command_id, stream_id) VALUES ($1, $2)
     ON CONFLICT (command_id) DO NOTHING RETURNING command_id`,
    [commandId, streamId],
  );
  if (claimed.rowCount === 1) return undefined;
  return readCommandResult(tx, commandId);
}

/** The first outcome of a command id already appended, or undefined when it is unknown. */
export async function findCommandResult(
  client: SqlClient,
  commandId: string,
): Promise<AppendResult | undefined> {
  const { rows } = await client.query('SELECT 1 FROM es_commands WHERE command_id = $1', [commandId]);
  return rows.length === 0 ? undefined : readCommandResult(client, commandId);
}

async function readCommandResult(tx: SqlClient, commandId: string): Promise<AppendResult> {
  const { rows } = await tx.query<{
    stream_id: string;
    first_position: string | null;
    last_position: string | null;
  }>('SELECT stream_id, first_position, last_position FROM es_commands WHERE command_id = $1', [commandId]);
  const command = rows[0];
  if (!command) throw new Error(`command ${commandId} vanished from es_commands`);
  if (command.first_position === null || command.last_position === null) {
    // The command appended no events: report the stream as it is now.
    const version = await readStreamVersion(tx, command.stream_id);
    return { recorded: [], nextExpectedVersion: version, alreadyProcessed: true };
  }
  // One append's events are contiguous in its stream (the stream row lock keeps other writers out), so the
  // position range filtered by stream is exactly that append's events.
  const events = await tx.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM es_events
     WHERE stream_id = $1 AND global_position BETWEEN $2 AND $3 ORDER BY stream_version`,
    [command.stream_id, command.first_position, command.last_position],
  );
  const recorded = events.rows.map(toRecordedEvent);
  const last = recorded.at(-1);
  return { recorded, nextExpectedVersion: last ? last.streamVersion : 0, alreadyProcessed: true };
}

/** The stream's version after the claim, and its newest hash before this append (NULL for a new stream). */
interface ClaimedVersions {
  version: number;
  previousHash: string | null;
}

/**
 * The optimistic concurrency check. Each statement both checks and moves the version; under READ COMMITTED a
 * writer blocked on the same row re-checks the WHERE against the winner's committed version, so of N writers
 * at the same expected version exactly one gets a row back. The row also hands over the stream's newest hash
 * (the statements never change last_hash, so RETURNING shows the value before this append), and the row lock
 * keeps it current until this transaction ends: the chain needs no read of the stream.
 */
async function claimVersions(
  tx: SqlClient,
  streamId: string,
  claim: VersionClaim,
  count: number,
  options: AppendOptions,
): Promise<ClaimedVersions> {
  const [sql, params] = versionClaimStatement(claim, streamId, count);
  const result = await tx.query<{ version: number; last_hash: string | null }>(sql, params);
  const row = result.rows[0];
  if (row) return { version: row.version, previousHash: row.last_hash };
  throw new WrongExpectedVersionError(
    streamId,
    options.expectedVersion,
    await readStreamVersion(tx, streamId),
  );
}

function versionClaimStatement(claim: VersionClaim, streamId: string, count: number): [string, unknown[]] {
  switch (claim.kind) {
    case 'exact':
      return [
        'UPDATE es_streams SET version = version + $3 WHERE stream_id = $1 AND version = $2 RETURNING version, last_hash',
        [streamId, claim.version, count],
      ];
    case 'new_stream':
      // A concurrent creator makes this wait for its commit, then do nothing: exactly one creator wins.
      return [
        `INSERT INTO es_streams (stream_id, version) VALUES ($1, $2)
         ON CONFLICT (stream_id) DO NOTHING RETURNING version, last_hash`,
        [streamId, count],
      ];
    case 'any':
      return [
        `INSERT INTO es_streams (stream_id, version) VALUES ($1, $2)
         ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + EXCLUDED.version
         RETURNING version, last_hash`,
        [streamId, count],
      ];
  }
}

/**
 * One round trip for all events: the jsonb array is unpacked in order, and the same statement records the
 * command's position range (a NULL command id updates nothing) and the stream's newest hash.
 */
async function insertEvents(
  tx: SqlClient,
  streamId: string,
  claimed: ClaimedVersions,
  events: readonly NewEvent[],
  options: AppendOptions,
): Promise<RecordedEvent[]> {
  const versionBefore = claimed.version - events.length;
  // A stream with events but no last_hash was written before the chain and is not backfilled yet: chaining
  // from genesis keeps appends working, and verify reports the unhashed rows before it reaches these.
  const chained = chainInsertRows(
    streamId,
    versionBefore,
    claimed.previousHash,
    toInsertRows(events, options.metadata, options.commandId),
  );
  try {
    const { rows } = await tx.query<EventRow>(
      `WITH inserted AS (
         INSERT INTO es_events (stream_id, stream_version, type, data, metadata, hash)
         SELECT $1, $2::int + e.ord::int, e.event->>'type', e.event->'data', e.event->'metadata', e.event->>'hash'
         FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(event, ord)
         ORDER BY e.ord
         RETURNING ${EVENT_COLUMNS}
       ), command AS (
         UPDATE es_commands
         SET first_position = (SELECT min(global_position) FROM inserted),
             last_position = (SELECT max(global_position) FROM inserted)
         WHERE command_id = $4
       ), head AS (
         UPDATE es_streams SET last_hash = $5 WHERE stream_id = $1
       )
       SELECT * FROM inserted ORDER BY stream_version`,
      [streamId, versionBefore, JSON.stringify(chained.rows), options.commandId ?? null, chained.lastHash],
    );
    return rows.map(toRecordedEvent);
  } catch (error) {
    // Safety net: es_streams disagreed with es_events (e.g. rows written around the store). The transaction
    // is aborted now, so the actual version cannot be read here; PostgresEventStore.append fills it in.
    if (isUniqueViolation(error, STREAM_VERSION_CONSTRAINT)) {
      throw new WrongExpectedVersionError(streamId, options.expectedVersion, undefined);
    }
    throw error;
  }
}

export async function readStreamVersion(client: SqlClient, streamId: string): Promise<number> {
  const { rows } = await client.query<{ version: number }>(
    'SELECT version FROM es_streams WHERE stream_id = $1',
    [streamId],
  );
  return rows[0]?.version ?? 0;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string } | null;
  return pgError?.code === UNIQUE_VIOLATION && pgError.constraint === constraint;
}
