import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The live auction (docs/adr/0006-live-auction.md):
 *  - drafts get the three clock settings (seconds);
 *  - picks get the stable pick id of the domain (the primary key, so renumbering after an undo never changes a
 *    pick's id), where the pick came from (auction or admin) and when; pick numbers shift down by one after an
 *    undo, so their uniqueness is checked at the end of each statement (DEFERRABLE) rather than row by row;
 *  - auctions maps each auction id to its draft (POST /auctions/{id}/bid names only the auction); the open
 *    auction itself is served from the folded draft stream;
 *  - chat_messages holds the draft room's chat (not in the event log: chat is not part of the auction's facts).
 */
export class LiveAuction1763780600000 implements MigrationInterface {
  name = 'LiveAuction1763780600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE drafts
        ADD COLUMN auction_time_limit int NOT NULL DEFAULT 30,
        ADD COLUMN bid_time_reset int NOT NULL DEFAULT 30,
        ADD COLUMN nomination_time_limit int NOT NULL DEFAULT 30`);

    await queryRunner.query(`
      ALTER TABLE picks
        ADD COLUMN source text NOT NULL DEFAULT 'auction' CHECK (source IN ('auction', 'admin')),
        ADD COLUMN picked_at timestamptz NULL`);
    await queryRunner.query(`UPDATE picks SET picked_at = created_at WHERE picked_at IS NULL`);
    await queryRunner.query(`ALTER TABLE picks ALTER COLUMN picked_at SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE picks DROP CONSTRAINT picks_draft_pick_number_unique`);
    await queryRunner.query(
      `ALTER TABLE picks ADD CONSTRAINT picks_draft_pick_number_unique UNIQUE (draft_id, pick_number)
       DEFERRABLE INITIALLY IMMEDIATE`,
    );
    await queryRunner.query(`CREATE INDEX picks_picked_at_idx ON picks (picked_at DESC, pick_number DESC)`);

    await queryRunner.query(`
      CREATE TABLE auctions (
        id uuid PRIMARY KEY,
        draft_id uuid NOT NULL REFERENCES drafts (id),
        player_id text NOT NULL,
        nominated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX auctions_draft_idx ON auctions (draft_id)`);

    await queryRunner.query(`
      CREATE TABLE chat_messages (
        id uuid PRIMARY KEY,
        draft_id uuid NOT NULL,
        user_id uuid NOT NULL,
        username text NOT NULL,
        role text NOT NULL,
        message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 500),
        created_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX chat_messages_draft_idx ON chat_messages (draft_id, created_at DESC, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS chat_messages`);
    await queryRunner.query(`DROP TABLE IF EXISTS auctions`);
    await queryRunner.query(`DROP INDEX IF EXISTS picks_picked_at_idx`);
    await queryRunner.query(`ALTER TABLE picks DROP CONSTRAINT picks_draft_pick_number_unique`);
    await queryRunner.query(
      `ALTER TABLE picks ADD CONSTRAINT picks_draft_pick_number_unique UNIQUE (draft_id, pick_number)`,
    );
    await queryRunner.query(`ALTER TABLE picks DROP COLUMN source, DROP COLUMN picked_at`);
    await queryRunner.query(
      `ALTER TABLE drafts DROP COLUMN auction_time_limit, DROP COLUMN bid_time_reset, DROP COLUMN nomination_time_limit`,
    );
  }
}
