import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team numbers are unique within a draft, not across the whole instance (docs/adr/0007-team-numbers-per-draft.md):
 * with one global 1..12 numbering the instance could hold a single 12-team league and run one draft at a time.
 * The draft decider refuses two teams with one number in a draft; the teams list still sorts by number.
 */
export class TeamNumbersPerDraft1763780500000 implements MigrationInterface {
  name = 'TeamNumbersPerDraft1763780500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS teams_team_number_unique`);
    await queryRunner.query(
      `CREATE INDEX teams_team_number_idx ON teams (team_number) WHERE deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS teams_team_number_idx`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX teams_team_number_unique ON teams (team_number) WHERE deleted_at IS NULL`,
    );
  }
}
