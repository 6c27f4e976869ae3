import type { NewEvent, RecordedEvent } from './event-store.types.js';
import { findUnstorableText, UnstorableTextError } from './unstorable-text.error.js';

/** The es_events columns every read selects, with the xid8 as text so no digits are lost. */
export const EVENT_COLUMNS =
  'global_position, stream_id, stream_version, type, data, metadata, transaction_id::text AS transaction_id, recorded_at, hash';

/** EVENT_COLUMNS with `data` and `metadata` NULL unless the row's type is in the text[] expression `types`. */
export const EVENT_COLUMNS_WITH_PAYLOADS_OF = (types: string): string =>
  EVENT_COLUMNS.replace(
    'data, metadata',
    `CASE WHEN type = ANY(${types}) THEN data END AS data, CASE WHEN type = ANY(${types}) THEN metadata END AS metadata`,
  );

/** An es_events row as pg returns it: bigint as string (pg's default), jsonb parsed, timestamptz as Date. */
export interface EventRow {
  global_position: string | number;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown> | null;
  transaction_id: string;
  recorded_at: Date | string;
  /** NULL only for rows written around the store or before the hash chain existed (not yet backfilled). */
  hash?: string | null;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    transactionId: row.transaction_id,
    recordedAt: row.recorded_at instanceof Date ? row.recorded_at : new Date(row.recorded_at),
    ...(row.hash ? { hash: row.hash } : {}),
  };
}

/** One event as the INSERT will store it (before JSON normalisation). */
export interface InsertRow {
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
}

/** Each event with its final metadata: append metadata, then the event's own, then the command id. */
export function toInsertRows(
  events: readonly NewEvent[],
  appendMetadata: Record<string, unknown> | undefined,
  commandId: string | undefined,
): InsertRow[] {
  return events.map((event) => ({
    type: event.type,
    // undefined would vanish from the JSON and reach the NOT NULL column as SQL NULL.
    data: event.data ?? null,
    metadata: { ...appendMetadata, ...event.metadata, ...(commandId === undefined ? {} : { commandId }) },
  }));
}

/** The jsonb array the multi-row INSERT unpacks: one parameter, however many events. */
export function toInsertPayload(
  events: readonly NewEvent[],
  appendMetadata: Record<string, unknown> | undefined,
  commandId: string | undefined,
): string {
  return JSON.stringify(toInsertRows(events, appendMetadata, commandId));
}

export function assertValidEvents(
  streamId: string,
  events: readonly NewEvent[],
  appendMetadata?: Record<string, unknown>,
): void {
  if (typeof streamId !== 'string' || streamId.length === 0) {
    throw new TypeError('streamId must be a non-empty string');
  }
  const unstorableId = findUnstorableText(streamId, 'streamId');
  if (unstorableId) throw new UnstorableTextError(streamId, events[0]?.type ?? '', unstorableId);
  for (const event of events) {
    if (typeof event.type !== 'string' || event.type.length === 0) {
      throw new TypeError(`every event needs a non-empty type (stream "${streamId}")`);
    }
    const unstorable =
      findUnstorableText(event.type, 'type') ??
      findUnstorableText(event.data, 'data') ??
      findUnstorableText(event.metadata, 'metadata') ??
      findUnstorableText(appendMetadata, 'metadata');
    if (unstorable) throw new UnstorableTextError(streamId, event.type, unstorable);
  }
}
