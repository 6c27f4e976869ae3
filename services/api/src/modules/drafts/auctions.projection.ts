import { Injectable } from '@nestjs/common';
import { draftIdOfStream, type DraftEvent } from '@auction/domain';
import type { SqlClient, StatementWrites } from '@auction/event-store';
import type {
  Projection,
  StatementRecord,
  UpcastRecord,
} from '../../infrastructure/event-sourcing/projection.js';
import { AuctionBidWrites, openingBidColumns } from './auction-bids.writes.js';

/**
 * `auctions`, from PlayerNominated and BidPlaced alone: the auction → draft index and its bid columns
 * (`bid_count`, `recent_bids`, ADR 0020; the open auction itself is served from the folded stream, cached). A batch
 * is two statements: the new auctions, then every auction's new bids in order (a bid only ever follows its own
 * auction's nomination, so nominations first gives the rows of a one-by-one application).
 */
@Injectable()
export class AuctionsProjection implements Projection<DraftEvent> {
  readonly name = 'auctions';
  readonly tables = ['auctions'] as const;

  handles(eventType: string): boolean {
    return eventType === 'PlayerNominated' || eventType === 'BidPlaced';
  }

  /** A bid command's writes ride in the append's statement (ADR 0020); a nomination takes the transaction. */
  inStatement(events: readonly StatementRecord<DraftEvent>[]): StatementWrites | null {
    const bids = new AuctionBidWrites();
    for (const { event } of events) if (!bids.add(event)) return null;
    return bids.inStatement();
  }

  async apply(events: readonly UpcastRecord<DraftEvent>[], tx: SqlClient): Promise<void> {
    const bids = new AuctionBidWrites();
    const rows = events.flatMap(({ event, streamId }) => {
      if (event.type !== 'PlayerNominated') {
        bids.add(event);
        return [];
      }
      return [{ draftId: draftIdOfStream(streamId), ...event.data, ...openingBidColumns(event.data) }];
    });
    if (rows.length > 0) {
      // DO NOTHING keeps the first row of an id, as one-by-one inserts would.
      await tx.query(
        `INSERT INTO auctions (id, draft_id, player_id, nominated_at, bid_count, recent_bids)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::int[], $6::jsonb[])
         ON CONFLICT (id) DO NOTHING`,
        [
          rows.map((r) => r.auctionId),
          rows.map((r) => r.draftId),
          rows.map((r) => r.playerId),
          rows.map((r) => r.nominatedAt),
          rows.map((r) => r.bidCount),
          rows.map((r) => r.recentBids),
        ],
      );
    }
    await bids.flush(tx);
  }
}
