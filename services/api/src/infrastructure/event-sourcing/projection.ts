import type { RecordedEvent, SqlClient, StatementWrites } from '@auction/event-store';

/** A log record whose event went through the upcaster: always the current shape, whatever was stored. */
export interface UpcastRecord<E> {
  event: E;
  streamId: string;
  streamVersion: number;
  globalPosition: number;
  recordedAt: Date;
}

/**
 * One read model written from the log. It owns `tables` (nobody else writes them) and derives them from events
 * alone: it never reads another read model, so projections can run, rebuild and catch up independently and in any
 * order. `apply` must be a function of the events (times come from the events, never from the clock), so a
 * rebuild equals the live model, and must give the same rows whatever the batching. It receives, in log order,
 * only the events it `handles`.
 */
export interface Projection<E = unknown> {
  readonly name: string;
  /** The tables it owns (and only it writes), truncated or shadowed by a rebuild. */
  readonly tables: readonly string[];
  handles(eventType: string): boolean;
  apply(events: readonly UpcastRecord<E>[], tx: SqlClient): Promise<void>;
  /**
   * The same writes as `apply`, as parts of the append's one statement (ADR 0020), for events about to be appended
   * (their stream and version are known, their position and time are not); null when these events need `apply`.
   * A projection without it always needs `apply`.
   */
  inStatement?(events: readonly StatementRecord<E>[]): StatementWrites | null;
}

/** An event about to be appended: what an in-statement projection knows of it. */
export interface StatementRecord<E> {
  event: E;
  streamId: string;
  streamVersion: number;
}

/**
 * What drives projections from the log (the inline append, the rebuilder, the async runner): stored records in,
 * upcast and dispatched inside. LeagueProjections is the one the API uses.
 */
export interface LogProjection {
  readonly name: string;
  readonly tables: readonly string[];
  /**
   * The event types `apply` reads. A reader may hand it the others without their data and metadata (the async runner
   * reads the log that way: on draft night most events are bids no feed keeps). All types when absent.
   */
  readonly eventTypes?: readonly string[];
  apply(recorded: readonly RecordedEvent[], tx: SqlClient): Promise<void>;
}
