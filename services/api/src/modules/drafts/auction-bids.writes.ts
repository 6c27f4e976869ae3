import { AUCTION_RECENT_BIDS } from '@auction/contracts';
import type { AuctionBid, DraftEvent, PlayerNominated } from '@auction/domain';
import type { SqlClient, StatementWrites } from '@auction/event-store';

/**
 * The `auctions` read model's bid columns (ADR 0020): `bid_count` and `recent_bids` (the latest AUCTION_RECENT_BIDS,
 * oldest first). The decider keeps only the count, so the live views read the bids here. Written by AuctionsProjection.
 */
export class AuctionBidWrites {
  private added = new Map<string, AuctionBid[]>();

  /** Records a bid; false for any other event. */
  add(event: DraftEvent): boolean {
    if (event.type !== 'BidPlaced') return false;
    const { auctionId, teamId, amount, at, proxy } = event.data;
    const bids = this.added.get(auctionId) ?? [];
    bids.push(proxy === true ? { teamId, amount, at, proxy } : { teamId, amount, at });
    this.added.set(auctionId, bids);
    return true;
  }

  /** One statement for every auction with new bids: add them, keep the latest AUCTION_RECENT_BIDS. */
  async flush(tx: SqlClient): Promise<void> {
    const rows = this.take();
    if (rows) await tx.query(`${UPDATE_BIDS('$1')} WHERE a.id = v.id`, [rows]);
  }

  /** The same update as a part of the append's one statement (ADR 0020); null when there is nothing to write. */
  inStatement(): StatementWrites | null {
    const rows = this.take();
    if (!rows) return null;
    return (param, ifAppended) => [`${UPDATE_BIDS(param(rows))} WHERE a.id = v.id AND ${ifAppended}`];
  }

  private take(): string | null {
    if (this.added.size === 0) return null;
    const rows = [...this.added].map(([id, bids]) => ({ id, bids }));
    this.added = new Map();
    return JSON.stringify(rows);
  }
}

/** The bid columns' update from `[{id, bids}]` (a jsonb parameter), without its WHERE. */
const UPDATE_BIDS = (rows: string): string =>
  `UPDATE auctions a SET bid_count = a.bid_count + jsonb_array_length(v.bids),
          recent_bids = ${RECENT_BIDS_AFTER('a.recent_bids || v.bids')}
   FROM jsonb_to_recordset(${rows}::jsonb) AS v(id uuid, bids jsonb)`;

/** SQL: the last AUCTION_RECENT_BIDS elements of a jsonb array expression, in order. */
export const RECENT_BIDS_AFTER = (bids: string): string =>
  `(SELECT coalesce(jsonb_agg(r.e ORDER BY r.o), '[]'::jsonb) FROM (
      SELECT e, o FROM jsonb_array_elements(${bids}) WITH ORDINALITY AS t(e, o) ORDER BY o DESC LIMIT ${AUCTION_RECENT_BIDS}
    ) r)`;

/** The bid columns of a new auction row: the opening bid is its first bid. */
export function openingBidColumns(data: PlayerNominated['data']): { bidCount: number; recentBids: string } {
  const opening: AuctionBid = { teamId: data.nominatedBy, amount: data.openingBid, at: data.nominatedAt };
  return { bidCount: 1, recentBids: JSON.stringify([opening]) };
}
