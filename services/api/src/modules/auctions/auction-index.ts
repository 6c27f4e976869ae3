import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { knownAuctionDrafts } from '../../common/http/known-auction-drafts.js';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { DraftCommitHooks } from '../drafts/index.js';
import { auctionNotFound } from './auction.errors.js';

/**
 * Which draft an auction belongs to (REST bids name only the auction). The pair never changes once written, so
 * it is cached without expiry: an auction opened by this process is known from its nomination, any other is read
 * from the table once per process.
 */
@Injectable()
export class AuctionIndex {
  private readonly drafts = knownAuctionDrafts;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(DraftCommitHooks) hooks: DraftCommitHooks,
  ) {
    hooks.register({
      name: 'auction-index',
      inOrder: (draftId, { events }) => {
        for (const event of events)
          if (event.type === 'PlayerNominated') this.drafts.remember(event.data.auctionId, draftId);
      },
    });
  }

  async draftOf(auctionId: string): Promise<string> {
    const cached = this.drafts.draftOf(auctionId);
    if (cached) return cached;
    const { rows } = await this.pool.query<{ draft_id: string }>({
      name: 'auctions.draft-of',
      text: `SELECT a.draft_id FROM auctions a JOIN drafts d ON d.id = a.draft_id
             WHERE a.id = $1 AND d.deleted_at IS NULL`,
      values: [auctionId],
    });
    const draftId = rows[0]?.draft_id;
    if (!draftId) throw auctionNotFound();
    this.drafts.remember(auctionId, draftId);
    return draftId;
  }
}
