import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Player availability belongs to a draft (docs/adr/0015-availability-per-draft.md): whether a player is drafted, by
 * whom and for how much is the draft's live pick of him, `picks (draft_id, player_id)`, not a column of the
 * catalogue. Every draft can sell every player once.
 *
 * The catalogue's draft columns (is_drafted, cost, drafted_by_team_id, draft_id) held one sale per player across
 * all drafts, the last one written; picks held every draft's sales all along, so nothing is lost by dropping them:
 * existing data "migrates" by being read from picks. A player is sold at most once per draft (the decider has
 * always refused a second sale), so the unique index builds on any database the app wrote; it is the read side's
 * lookup key for a draft's players and the safety net under the decider.
 */
export class AvailabilityPerDraft1763781416000 implements MigrationInterface {
  name = 'AvailabilityPerDraft1763781416000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE UNIQUE INDEX picks_draft_player_unique ON picks (draft_id, player_id)`);
    await queryRunner.query(`DROP INDEX IF EXISTS players_is_drafted_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS players_drafted_by_team_idx`);
    await queryRunner.query(
      `ALTER TABLE players DROP COLUMN cost, DROP COLUMN is_drafted, DROP COLUMN drafted_by_team_id,
         DROP COLUMN draft_id`,
    );
  }

  /** Back to one flag per player: the latest sale of each player in a live draft, as the old projection kept. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE players ADD COLUMN cost int NULL, ADD COLUMN is_drafted boolean NOT NULL DEFAULT false,
         ADD COLUMN drafted_by_team_id uuid NULL, ADD COLUMN draft_id uuid NULL`,
    );
    await queryRunner.query(`
      UPDATE players p SET is_drafted = true, cost = k.cost, drafted_by_team_id = k.team_id, draft_id = k.draft_id
      FROM (
        SELECT DISTINCT ON (player_id) player_id, cost, team_id, draft_id FROM picks
        ORDER BY player_id, picked_at DESC, id
      ) k
      WHERE p.provider_id = k.player_id`);
    await queryRunner.query(`CREATE INDEX players_is_drafted_idx ON players (is_drafted)`);
    await queryRunner.query(`CREATE INDEX players_drafted_by_team_idx ON players (drafted_by_team_id)`);
    await queryRunner.query(`DROP INDEX IF EXISTS picks_draft_player_unique`);
  }
}
