/** What the relay publishes for every event of the log (the value of a `draft-events` record, as JSON). */
export interface DraftEventMessage {
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  /** ISO-8601, the commit time PostgreSQL recorded. */
  recordedAt: string;
  /** The event's hash-chain link (ADR 0009), so a consumer can keep its own copy of the chain; null if unhashed. */
  hash: string | null;
}

/** The store's RecordedEvent, structurally (this lib does not depend on the event store). */
export interface LoggedEvent {
  globalPosition: number;
  streamId: string;
  streamVersion: number;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  recordedAt: Date;
  hash?: string;
}

const DRAFT_STREAM = /^draft-(.+)$/;

/**
 * The record key: the draft id for a `draft-<id>` stream, so one draft's events share a partition and keep
 * their order; any other stream is keyed by its own id, which keeps that stream's order too.
 */
export function messageKeyOf(streamId: string): string {
  return DRAFT_STREAM.exec(streamId)?.[1] ?? streamId;
}

/** The draft id of a `draft-<id>` stream, or null for other streams (teams, ...). */
export function draftIdOf(streamId: string): string | null {
  return DRAFT_STREAM.exec(streamId)?.[1] ?? null;
}

export function toDraftEventMessage(event: LoggedEvent): DraftEventMessage {
  return {
    globalPosition: event.globalPosition,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
    hash: event.hash ?? null,
  };
}

/** Parses a record value; anything that is not a well-formed message is refused with the reason. */
export function parseDraftEventMessage(value: Buffer | string | null): DraftEventMessage {
  if (value === null) throw new TypeError('record has no value');
  const parsed: unknown = JSON.parse(value.toString());
  if (typeof parsed !== 'object' || parsed === null) throw new TypeError('record value is not a JSON object');
  const message = parsed as Partial<DraftEventMessage>;
  const valid =
    Number.isSafeInteger(message.globalPosition) &&
    typeof message.streamId === 'string' &&
    Number.isSafeInteger(message.streamVersion) &&
    typeof message.type === 'string' &&
    typeof message.recordedAt === 'string' &&
    !Number.isNaN(Date.parse(message.recordedAt)) &&
    typeof message.metadata === 'object' &&
    message.metadata !== null;
  if (!valid) throw new TypeError('record value is not a draft event message');
  return { ...(message as DraftEventMessage), hash: message.hash ?? null };
}
