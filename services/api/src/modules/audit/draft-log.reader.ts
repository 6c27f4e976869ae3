import { draftStreamId } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';

/** One stored event of a draft's stream, as the audit reads it. */
export interface DraftLogEvent {
  /** bigint in the database, kept as its decimal string. */
  globalPosition: string;
  streamVersion: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: Date;
  hash: string | null;
}

interface EventRow {
  global_position: string;
  stream_version: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: Date;
  hash: string | null;
}

const EVENT_COLUMNS =
  'global_position::text AS global_position, stream_version, type, data, metadata, recorded_at, hash';

/**
 * Reads a draft's stream for the audit, bounded by the stream's head (es_streams.version) read in the same
 * statement, so an append committing meanwhile never shows half. Within one stream appends are serialised by
 * the head row's lock, so global positions grow with stream versions and paging by either has no gaps.
 */
export class DraftLogReader {
  constructor(private readonly client: SqlClient) {}

  /** The stream's last version, 0 when the draft never existed. */
  async lastVersion(draftId: string): Promise<number> {
    const { rows } = await this.client.query<{ version: number }>(
      'SELECT version FROM es_streams WHERE stream_id = $1',
      [draftStreamId(draftId)],
    );
    return rows[0]?.version ?? 0;
  }

  /** Up to `limit` events after global position `after`, oldest first, plus the head version they were cut at. */
  async page(
    draftId: string,
    after: string,
    limit: number,
  ): Promise<{ events: DraftLogEvent[]; lastVersion: number }> {
    const { rows } = await this.client.query<EventRow & { head: number }>(
      `WITH head AS (SELECT version FROM es_streams WHERE stream_id = $1)
       SELECT ${EVENT_COLUMNS}, (SELECT version FROM head) AS head
       FROM es_events
       WHERE stream_id = $1 AND global_position > $2::bigint AND stream_version <= (SELECT version FROM head)
       ORDER BY stream_version
       LIMIT $3`,
      [draftStreamId(draftId), after, limit],
    );
    const lastVersion = rows[0]?.head ?? (await this.lastVersion(draftId));
    return { events: rows.map(toLogEvent), lastVersion };
  }

  /** Every event up to and including stream version `at` (and only those: replay never reads past N). */
  async upTo(draftId: string, at: number): Promise<DraftLogEvent[]> {
    const { rows } = await this.client.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM es_events
       WHERE stream_id = $1 AND stream_version <= $2
       ORDER BY stream_version`,
      [draftStreamId(draftId), at],
    );
    return rows.map(toLogEvent);
  }
}

function toLogEvent(row: EventRow): DraftLogEvent {
  return {
    globalPosition: row.global_position,
    streamVersion: row.stream_version,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    hash: row.hash,
  };
}
