import { Inject, Injectable } from '@nestjs/common';
import { AUCTION_RECENT_BIDS } from '@auction/contracts';
import type { Auction, AuctionBid, DraftEvent } from '@auction/domain';
import type { RecordedEvent } from '@auction/event-store';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

/** Auctions whose latest bids are kept in memory (the open ones and those just completed, with room to spare). */
export const RECENT_BIDS_CACHED_AUCTIONS = 5_000;

type Entry = { count: number; bids: AuctionBid[] };

/**
 * The latest bids of an auction for the live views (ADR 0020). The decider's state keeps only the bid count, so the
 * bids come from the `auctions` read model (`bid_count`, `recent_bids`, written in the append's transaction). This
 * instance's own commits extend an in-memory copy, so a bid's payloads cost no read; an auction another instance bid
 * on (the count no longer matches) is read from the read model once.
 */
@Injectable()
export class RecentBids {
  private readonly entries = new Map<string, Entry>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** Follows a command's committed events, in stream order (a draft commit hook). */
  follow(recorded: readonly RecordedEvent[]): void {
    for (const record of recorded) {
      const event = { type: record.type, data: record.data } as DraftEvent;
      if (event.type === 'PlayerNominated') {
        const { auctionId, nominatedBy, openingBid, nominatedAt } = event.data;
        this.remember(auctionId, {
          count: 1,
          bids: [{ teamId: nominatedBy, amount: openingBid, at: nominatedAt }],
        });
      } else if (event.type === 'BidPlaced') {
        const { auctionId, teamId, amount, at, proxy } = event.data;
        const entry = this.entries.get(auctionId);
        if (!entry) continue;
        const bid: AuctionBid = proxy === true ? { teamId, amount, at, proxy } : { teamId, amount, at };
        entry.bids = [...entry.bids, bid].slice(-AUCTION_RECENT_BIDS);
        entry.count += 1;
      }
    }
  }

  /** The latest bids (at most AUCTION_RECENT_BIDS) of `auction` as it stands in that state, oldest first. */
  async of(auction: Pick<Auction, 'auctionId' | 'bidCount'>): Promise<AuctionBid[]> {
    const cached = this.entries.get(auction.auctionId);
    if (cached && cached.count === auction.bidCount) return cached.bids;
    const { rows } = await this.pool.query<{ bid_count: number; recent_bids: AuctionBid[] }>({
      name: 'auctions.recent-bids',
      text: 'SELECT bid_count, recent_bids FROM auctions WHERE id = $1',
      values: [auction.auctionId],
    });
    const row = rows[0];
    if (!row) return [];
    // The read model is written with the events, so it is never behind a state; it may be ahead (a later bid).
    const ahead = row.bid_count - auction.bidCount;
    const bids =
      ahead > 0 ? row.recent_bids.slice(0, Math.max(0, row.recent_bids.length - ahead)) : row.recent_bids;
    if (ahead === 0) this.remember(auction.auctionId, { count: row.bid_count, bids });
    return bids;
  }

  private remember(auctionId: string, entry: Entry): void {
    this.entries.delete(auctionId);
    this.entries.set(auctionId, entry);
    // Maps iterate in insertion order: the first key is the auction touched longest ago.
    if (this.entries.size > RECENT_BIDS_CACHED_AUCTIONS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
