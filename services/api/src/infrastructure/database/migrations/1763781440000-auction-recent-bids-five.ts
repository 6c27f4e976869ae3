import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The wire carries an auction's latest 5 bids, not 20 (AUCTION_RECENT_BIDS, ADR 0020's amendment): `recent_bids`
 * keeps the latest 5, oldest first, as a rebuild writes them. The number is frozen here, as a migration's must be.
 */
export class AuctionRecentBidsFive1763781440000 implements MigrationInterface {
  name = 'AuctionRecentBidsFive1763781440000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      UPDATE auctions SET recent_bids = (
        SELECT jsonb_agg(t.e ORDER BY t.o) FROM jsonb_array_elements(recent_bids) WITH ORDINALITY AS t(e, o)
        WHERE t.o > jsonb_array_length(recent_bids) - 5
      )
      WHERE jsonb_array_length(recent_bids) > 5`);
  }

  /** The bids dropped are still in the log; the previous migration's backfill brings 20 back. */
  async down(): Promise<void> {}
}
