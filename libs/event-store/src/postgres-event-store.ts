import type { Pool } from 'pg';
import {
  appendInOneStatement,
  type OneStatementAppend,
  type PreparingSqlClient,
} from './append-in-one-statement.js';
import { appendInTransaction, findCommandResult, readStreamVersion } from './append-in-transaction.js';
import type {
  AppendOptions,
  AppendResult,
  Checkpoint,
  NewEvent,
  ReadAllResult,
  ReadStreamResult,
  RecordedEvent,
  SqlClient,
} from './event-store.types.js';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './recorded-event.mapper.js';
import { readAllIn } from './read-all-in.js';
import { verifyStream, type VerifyResult } from './verify-stream.js';
import { withTransaction } from './with-transaction.js';
import { WrongExpectedVersionError } from './wrong-expected-version.error.js';

export class PostgresEventStore {
  /**
   * `appendClient` runs the one-statement appends (autocommitted single statements) when given, e.g. connections in
   * pipeline mode; everything else, transactions included, takes the pool.
   */
  constructor(
    private readonly pool: Pool,
    private readonly appendClient: PreparingSqlClient = pool,
  ) {}

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    try {
      return await this.withTransaction((tx) => appendInTransaction(tx, streamId, events, options));
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && error.actual === undefined) {
        throw new WrongExpectedVersionError(
          streamId,
          options.expectedVersion,
          await this.lastLoggedVersion(streamId),
        );
      }
      throw error;
    }
  }

  /** See appendInOneStatement: the recorded events, or null (nothing written) when the caller must take append(). */
  appendInOneStatement(
    streamId: string,
    events: NewEvent[],
    options: OneStatementAppend,
  ): Promise<RecordedEvent[] | null> {
    return appendInOneStatement(this.appendClient, streamId, events, options);
  }

  /**
   * One statement, so the events and the version come from the same snapshot: a caller that asks only for
   * events after its cached version never gets "no events" together with a version that moved meanwhile.
   */
  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<ReadStreamResult> {
    const fromVersion = options.fromVersion ?? 1;
    const { rows } = await this.pool.query<Partial<EventRow> & { current_version: number | null }>(
      `SELECT s.version AS current_version, e.*
       FROM (SELECT $1::text AS stream_id) AS wanted
       LEFT JOIN es_streams s ON s.stream_id = wanted.stream_id
       LEFT JOIN LATERAL (
         SELECT ${EVENT_COLUMNS} FROM es_events
         WHERE es_events.stream_id = wanted.stream_id AND stream_version >= $2
       ) e ON true
       ORDER BY e.stream_version`,
      [streamId, fromVersion],
    );
    const events = rows
      .filter((row) => row.global_position != null)
      .map((row) => toRecordedEvent(row as EventRow));
    return { events, version: rows[0]?.current_version ?? 0 };
  }

  /**
   * What a command id appended the first time, or undefined when it was never appended: a retry whose decision on
   * today's state is a refusal (the first run already moved the state on) still answers the first outcome.
   */
  findCommand(commandId: string): Promise<AppendResult | undefined> {
    return findCommandResult(this.pool, commandId);
  }

  streamVersion(streamId: string): Promise<number> {
    return readStreamVersion(this.pool, streamId);
  }

  /**
   * Gap-safe read of the whole log after a checkpoint. A position is assigned before commit, so a later
   * position can become visible before an earlier one. Reading only transactions below the snapshot's xmin
   * (all finished: committed and visible, or rolled back) and ordering AND paging by (transaction id,
   * position) means nothing can ever appear behind a returned checkpoint.
   */
  async readAll(after: Checkpoint, limit: number): Promise<ReadAllResult> {
    return readAllIn(this.pool, after, limit);
  }

  /** Recomputes the stream's hash chain (ADR 0009): ok with the event count, or the first broken event. */
  verifyStream(streamId: string): Promise<VerifyResult> {
    return verifyStream(this.pool, streamId);
  }

  withTransaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, fn);
  }

  /** The log's own idea of the version, for the safety-net error (es_streams disagreed with it). */
  private async lastLoggedVersion(streamId: string): Promise<number> {
    const { rows } = await this.pool.query<{ version: number }>(
      'SELECT coalesce(max(stream_version), 0)::int AS version FROM es_events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0]?.version ?? 0;
  }
}
