import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Cross-read-model foreign keys: they forced projections into an order and a rebuild of one to wait on another. */
const CROSS_READ_MODEL_FKS: [table: string, constraint: string, column: string, references: string][] = [
  ['teams', 'teams_current_draft_id_fkey', 'current_draft_id', 'drafts (id)'],
  ['draft_teams', 'draft_teams_draft_id_fkey', 'draft_id', 'drafts (id)'],
  ['draft_teams', 'draft_teams_team_id_fkey', 'team_id', 'teams (id)'],
  ['picks', 'picks_draft_id_fkey', 'draft_id', 'drafts (id)'],
  ['picks', 'picks_team_id_fkey', 'team_id', 'teams (id)'],
  ['auctions', 'auctions_draft_id_fkey', 'draft_id', 'drafts (id)'],
];

/**
 * One projection per read model (docs/adr/0022). The team projection derives standings from draft events alone,
 * into its own standing tables (backfilled here from the read models they used to read, which hold the same
 * facts); the foreign keys between read models go; `projection_checkpoints` holds each asynchronous projection's
 * position in the log, and `draft_activity` is the first such projection's table.
 */
export class ProjectionsOwnTheirTables1763781422000 implements MigrationInterface {
  name = 'ProjectionsOwnTheirTables1763781422000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE team_standing_drafts (
        draft_id uuid PRIMARY KEY,
        budget_per_team int NOT NULL,
        created_at timestamptz NOT NULL,
        completed boolean NOT NULL,
        deleted boolean NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE team_standing_members (
        draft_id uuid NOT NULL,
        team_id uuid NOT NULL,
        PRIMARY KEY (draft_id, team_id)
      )`);
    await queryRunner.query(`CREATE INDEX team_standing_members_team_idx ON team_standing_members (team_id)`);
    await queryRunner.query(`
      CREATE TABLE team_standing_picks (
        pick_id uuid PRIMARY KEY,
        draft_id uuid NOT NULL,
        team_id uuid NOT NULL,
        cost int NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX team_standing_picks_team_draft_idx ON team_standing_picks (team_id, draft_id)`,
    );
    await queryRunner.query(`
      INSERT INTO team_standing_drafts (draft_id, budget_per_team, created_at, completed, deleted)
      SELECT id, budget_per_team, created_at, status = 'completed', deleted_at IS NOT NULL FROM drafts`);
    await queryRunner.query(
      `INSERT INTO team_standing_members (draft_id, team_id) SELECT draft_id, team_id FROM draft_teams`,
    );
    await queryRunner.query(
      `INSERT INTO team_standing_picks (pick_id, draft_id, team_id, cost) SELECT id, draft_id, team_id, cost FROM picks`,
    );

    for (const [table, constraint] of CROSS_READ_MODEL_FKS) {
      await queryRunner.query(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${constraint}`);
    }

    await queryRunner.query(`
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        -- The gap-safe reader's checkpoint: (transaction id, global position) of the last event applied.
        transaction_id xid8 NOT NULL,
        global_position bigint NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE draft_activity (
        global_position bigint PRIMARY KEY,
        draft_id uuid NOT NULL,
        stream_version int NOT NULL,
        kind text NOT NULL,
        team_id uuid NULL,
        player_name text NULL,
        amount int NULL,
        at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX draft_activity_draft_idx ON draft_activity (draft_id, stream_version DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS draft_activity`);
    await queryRunner.query(`DROP TABLE IF EXISTS projection_checkpoints`);
    // Rows may now reference nothing (a rebuild in any order): NOT VALID keeps them, new rows are checked.
    for (const [table, constraint, column, references] of CROSS_READ_MODEL_FKS) {
      await queryRunner.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${constraint} FOREIGN KEY (${column}) REFERENCES ${references} NOT VALID`,
      );
    }
    await queryRunner.query(`DROP TABLE IF EXISTS team_standing_picks`);
    await queryRunner.query(`DROP TABLE IF EXISTS team_standing_members`);
    await queryRunner.query(`DROP TABLE IF EXISTS team_standing_drafts`);
  }
}
