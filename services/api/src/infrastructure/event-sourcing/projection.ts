import type { RecordedEvent, SqlClient } from '@auction/event-store';

/**
 * A read model written from the log. `apply` must be a function of the events alone (times come from the
 * events, never from the clock), so a rebuild from the log equals the live model. Events it does not
 * handle are skipped.
 */
export interface Projection {
  readonly name: string;
  /** The tables it owns, truncated before a rebuild. */
  readonly tables: readonly string[];
  handles(eventType: string): boolean;
  /**
   * Clears, before a rebuild, what it writes into tables it does not own (and so cannot truncate), e.g. the draft
   * state columns of the player catalogue. Runs in the rebuild's transaction, after the truncation.
   */
  reset?(tx: SqlClient): Promise<void>;
  apply(tx: SqlClient, events: readonly RecordedEvent[]): Promise<void>;
}
