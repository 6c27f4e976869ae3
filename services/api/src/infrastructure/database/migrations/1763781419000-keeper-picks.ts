import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keepers (docs/adr/0018) are picks with source `keeper`: rosters, budgets, the CSV and the rebuild read them from
 * `picks` like sales and admin assignments.
 */
export class KeeperPicks1763781419000 implements MigrationInterface {
  name = 'KeeperPicks1763781419000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE picks DROP CONSTRAINT IF EXISTS picks_source_check`);
    await queryRunner.query(
      `ALTER TABLE picks ADD CONSTRAINT picks_source_check CHECK (source IN ('auction', 'admin', 'keeper'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // Keepers cannot be expressed without the value: they become admin assignments, which count the same.
    await queryRunner.query(`UPDATE picks SET source = 'admin' WHERE source = 'keeper'`);
    await queryRunner.query(`ALTER TABLE picks DROP CONSTRAINT IF EXISTS picks_source_check`);
    await queryRunner.query(
      `ALTER TABLE picks ADD CONSTRAINT picks_source_check CHECK (source IN ('auction', 'admin'))`,
    );
  }
}
