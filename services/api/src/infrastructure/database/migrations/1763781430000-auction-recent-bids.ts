import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live views' bid history moves from the decider's state to the `auctions` read model (ADR 0020): `bid_count`
 * (the opening bid included) and `recent_bids` (the latest 20, oldest first, as `{teamId, amount, at, proxy?}`).
 * Existing auctions are backfilled from the log: their PlayerNominated (the opening bid) and BidPlaced events.
 */
export class AuctionRecentBids1763781430000 implements MigrationInterface {
  name = 'AuctionRecentBids1763781430000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auctions ADD COLUMN IF NOT EXISTS bid_count int NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `ALTER TABLE auctions ADD COLUMN IF NOT EXISTS recent_bids jsonb NOT NULL DEFAULT '[]'::jsonb`,
    );
    await queryRunner.query(`
      WITH bids AS (
        SELECT (e.data->>'auctionId')::uuid AS auction_id, e.global_position AS position,
               CASE WHEN e.type = 'PlayerNominated'
                 THEN jsonb_build_object('teamId', e.data->'nominatedBy', 'amount', e.data->'openingBid',
                                         'at', e.data->'nominatedAt')
                 ELSE jsonb_build_object('teamId', e.data->'teamId', 'amount', e.data->'amount', 'at', e.data->'at')
                      || CASE WHEN e.data->'proxy' = 'true'::jsonb THEN '{"proxy": true}'::jsonb ELSE '{}'::jsonb END
               END AS bid
        FROM es_events e
        WHERE e.stream_id LIKE 'draft-%' AND e.type IN ('PlayerNominated', 'BidPlaced')
      ), ranked AS (
        SELECT auction_id, position, bid, count(*) OVER (PARTITION BY auction_id) AS total,
               row_number() OVER (PARTITION BY auction_id ORDER BY position DESC) AS from_last
        FROM bids
      ), per_auction AS (
        SELECT auction_id, max(total)::int AS total,
               jsonb_agg(bid ORDER BY position) FILTER (WHERE from_last <= 20) AS recent
        FROM ranked GROUP BY auction_id
      )
      UPDATE auctions a SET bid_count = p.total, recent_bids = coalesce(p.recent, '[]'::jsonb)
      FROM per_auction p WHERE a.id = p.auction_id`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE auctions DROP COLUMN IF EXISTS recent_bids`);
    await queryRunner.query(`ALTER TABLE auctions DROP COLUMN IF EXISTS bid_count`);
  }
}
