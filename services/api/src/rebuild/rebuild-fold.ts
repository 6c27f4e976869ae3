import type { RecordedEvent, SqlClient } from '@auction/event-store';

/** What a fold reads of an event: the bulk pass selects no metadata or hash. */
export type FoldedEvent = Pick<
  RecordedEvent,
  'globalPosition' | 'streamId' | 'streamVersion' | 'type' | 'data' | 'recordedAt'
>;

/**
 * A read model computed in memory from the log (the bulk pass of a rebuild), then written once with a few bulk
 * statements. Per-event SQL is what bounded the rebuild (most events only move one row several times); a fold
 * touches each row in memory and writes its final state once. It must produce exactly the rows the projection's
 * `apply` would: the rebuild tests compare rebuilt and live tables row for row.
 */
export interface RebuildFold {
  /** The event types it needs, filtered in the database: the bulk read never ships the others. */
  readonly eventTypes: readonly string[];
  /** Reads, in the rebuild's snapshot, what the events alone do not carry cheaply (e.g. stream versions). */
  prepare?(snapshot: SqlClient): Promise<void>;
  /** Folds one event; called in log order with every event of `eventTypes` in the snapshot. */
  add(event: FoldedEvent): void;
  /** Writes the rows of `tables` (unqualified names: the caller's search_path points at the shadow schema). */
  write(tx: SqlClient, tables: ReadonlySet<string>): Promise<void>;
}
