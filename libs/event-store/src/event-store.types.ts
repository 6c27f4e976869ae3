/** An event as a command handler produces it, before the store gives it a position. */
export interface NewEvent<T = unknown> {
  type: string;
  data: T;
  metadata?: Record<string, unknown>;
}

/** An event as the log holds it. */
export interface RecordedEvent<T = unknown> {
  /** bigserial, converted to number (safe up to 2^53, far beyond any draft log). */
  globalPosition: number;
  streamId: string;
  /** 1-based within its stream. */
  streamVersion: number;
  type: string;
  data: T;
  /** commandId when given, plus whatever the caller passed (actor, correlationId, causationId, ...). */
  metadata: Record<string, unknown>;
  /** xid8 of the writing transaction, as text (it is 64-bit, so a JS number could lose digits). */
  transactionId: string;
  recordedAt: Date;
  /**
   * sha256 of the event chained to the previous one of its stream (ADR 0009). Absent only on rows written
   * around the store or before the chain existed and not yet backfilled.
   */
  hash?: string;
}

/** A number is the stream's current version; 0 means "no events yet", the same as 'no_stream'. */
export type ExpectedVersion = number | 'no_stream' | 'any';

/** What both a pooled client and a transaction client offer; structurally satisfied by pg.PoolClient. */
export interface SqlClient {
  // `any` mirrors pg's own default so projections can read rows without casting every column.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<R = any>(text: string, params?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  /** Idempotency key: a command id already appended returns its original result and appends nothing. */
  commandId?: string;
  /** Merged into each event's metadata (an event's own metadata wins on a clash; commandId wins over both). */
  metadata?: Record<string, unknown>;
  /** Runs inside the same transaction after the events are inserted (inline projections). If it throws, nothing is committed. */
  project?: (tx: SqlClient, recorded: RecordedEvent[]) => Promise<void>;
}

export interface AppendResult {
  recorded: RecordedEvent[];
  /** The stream's version after this append: pass it as expectedVersion to the next one. */
  nextExpectedVersion: number;
  /** True when the command id had been appended before: `recorded` are that first append's events. */
  alreadyProcessed: boolean;
}

export interface ReadStreamResult {
  events: RecordedEvent[];
  /** The stream's version in the same snapshot as `events` (0 when the stream does not exist). */
  version: number;
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Where the next readAll continues: the last event's checkpoint, or the input one when nothing was read. */
  checkpoint: Checkpoint;
}

/** A subscriber's place in the log: the (transaction id, position) key the log is ordered and paged by. */
export interface Checkpoint {
  transactionId: string;
  globalPosition: number;
}
