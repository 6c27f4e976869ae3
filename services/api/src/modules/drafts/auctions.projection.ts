import { Injectable } from '@nestjs/common';
import { draftIdOfStream, type DraftEvent } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import type { Projection, UpcastRecord } from '../../infrastructure/event-sourcing/projection.js';

/**
 * `auctions`, the auction → draft index, from PlayerNominated alone (the open auction itself is served from the
 * folded stream, cached). Inserts only, so a whole batch is one statement.
 */
@Injectable()
export class AuctionsProjection implements Projection<DraftEvent> {
  readonly name = 'auctions';
  readonly tables = ['auctions'] as const;

  handles(eventType: string): boolean {
    return eventType === 'PlayerNominated';
  }

  async apply(events: readonly UpcastRecord<DraftEvent>[], tx: SqlClient): Promise<void> {
    const rows = events.flatMap(({ event, streamId }) =>
      event.type === 'PlayerNominated' ? [{ draftId: draftIdOfStream(streamId), ...event.data }] : [],
    );
    if (rows.length === 0) return;
    // DO NOTHING keeps the first row of an id, as one-by-one inserts would.
    await tx.query(
      `INSERT INTO auctions (id, draft_id, player_id, nominated_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[])
       ON CONFLICT (id) DO NOTHING`,
      [
        rows.map((r) => r.auctionId),
        rows.map((r) => r.draftId),
        rows.map((r) => r.playerId),
        rows.map((r) => r.nominatedAt),
      ],
    );
  }
}
