import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team names are unique among live teams, compared trimmed and case-insensitively (docs/adr/0013). The safety net
 * is a partial unique index on `teams.name_key`, which the team projection keeps as "the first created team of each
 * name holds the key, any other team of that name holds null" (team-name-key.ts).
 *
 * Existing duplicates are kept as they are, not renamed or refused: the log is append-only and tamper-evident, so
 * a migration cannot rewrite their events, and a rebuild must replay them. The first created team of a duplicated
 * name holds its key, the others hold null; the index therefore builds on any database, and the new rule refuses
 * every further team or rename to that name. An admin resolves a duplicate by renaming one of the teams.
 */
export class TeamNameUniqueness1763781401000 implements MigrationInterface {
  name = 'TeamNameUniqueness1763781401000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE teams ADD COLUMN name_key text NULL`);
    await queryRunner.query(`
      UPDATE teams t SET name_key = lower(btrim(t.name))
      FROM (
        SELECT DISTINCT ON (lower(btrim(name))) id FROM teams
        WHERE deleted_at IS NULL
        ORDER BY lower(btrim(name)), created_at, id
      ) first_of_each_name
      WHERE t.id = first_of_each_name.id`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX teams_name_unique ON teams (name_key) WHERE deleted_at IS NULL`,
    );
    // The projection and the guard look live teams up by the compared form of the name.
    await queryRunner.query(
      `CREATE INDEX teams_name_key_lookup_idx ON teams (lower(btrim(name))) WHERE deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS teams_name_key_lookup_idx`);
    await queryRunner.query(`DROP INDEX IF EXISTS teams_name_unique`);
    await queryRunner.query(`ALTER TABLE teams DROP COLUMN IF EXISTS name_key`);
  }
}
