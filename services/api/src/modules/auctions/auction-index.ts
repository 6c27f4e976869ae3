import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { auctionNotFound } from './auction.errors.js';

const CAPACITY = 10_000;

/**
 * Which draft an auction belongs to (REST bids name only the auction). The pair never changes once written, so
 * it is cached without expiry: the bid path reads the table once per auction per process.
 */
@Injectable()
export class AuctionIndex {
  private readonly drafts = new Map<string, string>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async draftOf(auctionId: string): Promise<string> {
    const cached = this.drafts.get(auctionId);
    if (cached) return cached;
    const { rows } = await this.pool.query<{ draft_id: string }>({
      name: 'auctions.draft-of',
      text: `SELECT a.draft_id FROM auctions a JOIN drafts d ON d.id = a.draft_id
             WHERE a.id = $1 AND d.deleted_at IS NULL`,
      values: [auctionId],
    });
    const draftId = rows[0]?.draft_id;
    if (!draftId) throw auctionNotFound();
    if (this.drafts.size >= CAPACITY) this.drafts.clear();
    this.drafts.set(auctionId, draftId);
    return draftId;
  }
}
