import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read models of the league (teams and drafts). The event log (es_events) is the source of truth; these tables
 * are inline projections, written in the same transaction as the append, so a read right after a command is
 * never stale. They can be truncated and rebuilt from the log at any time (LeagueReadModelsRebuilder).
 *
 * Why plain tables with denormalised numbers (budget_spent, player_count, total_picks) instead of views over
 * the log: the UI reads teams and budgets far more often than commands change them, and a budget must be one
 * indexed row read, not a fold. Usernames are not copied: owners are joined from users at query time, so a
 * renamed user shows up at once.
 *
 * Invariants that span streams live here as partial unique indexes, the safety net under concurrency behind
 * the handlers' friendlier checks: a team number is used by at most one team, and a user owns at most one
 * team (deleted teams free both).
 */
export class LeagueReadModels1763780100000 implements MigrationInterface {
  name = 'LeagueReadModels1763780100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE drafts (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        status text NOT NULL CHECK (status IN ('created', 'active', 'paused', 'completed')),
        teams_count int NOT NULL,
        players_per_team int NOT NULL,
        budget_per_team int NOT NULL,
        draft_type text NOT NULL,
        current_round int NOT NULL DEFAULT 0,
        current_team_turn uuid NULL,
        total_picks int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        started_at timestamptz NULL,
        completed_at timestamptz NULL,
        deleted_at timestamptz NULL,
        -- The draft stream's version this row reflects.
        version int NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX drafts_listing_idx ON drafts (created_at DESC, id DESC) WHERE deleted_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX drafts_status_idx ON drafts (status) WHERE deleted_at IS NULL`);

    await queryRunner.query(`
      CREATE TABLE teams (
        id uuid PRIMARY KEY,
        name text NOT NULL,
        team_number int NOT NULL CHECK (team_number BETWEEN 1 AND 12),
        owner_user_id uuid NULL REFERENCES users (id),
        -- The draft whose budget and roster the team shows: its open draft, else its latest completed one.
        current_draft_id uuid NULL REFERENCES drafts (id),
        budget_total int NOT NULL,
        budget_spent int NOT NULL DEFAULT 0,
        player_count int NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz NULL
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX teams_team_number_unique ON teams (team_number) WHERE deleted_at IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX teams_owner_unique ON teams (owner_user_id)
       WHERE owner_user_id IS NOT NULL AND deleted_at IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX teams_current_draft_idx ON teams (current_draft_id)`);

    await queryRunner.query(`
      CREATE TABLE draft_teams (
        draft_id uuid NOT NULL REFERENCES drafts (id),
        team_id uuid NOT NULL REFERENCES teams (id),
        PRIMARY KEY (draft_id, team_id)
      )`);
    await queryRunner.query(`CREATE INDEX draft_teams_team_idx ON draft_teams (team_id)`);

    await queryRunner.query(`
      CREATE TABLE picks (
        id uuid PRIMARY KEY,
        draft_id uuid NOT NULL REFERENCES drafts (id),
        pick_number int NOT NULL CHECK (pick_number > 0),
        player_id text NOT NULL,
        player_name text NOT NULL,
        position text NOT NULL,
        nfl_team text NULL,
        team_id uuid NOT NULL REFERENCES teams (id),
        cost int NOT NULL CHECK (cost >= 1),
        created_at timestamptz NOT NULL,
        CONSTRAINT picks_draft_pick_number_unique UNIQUE (draft_id, pick_number)
      )`);
    await queryRunner.query(`CREATE INDEX picks_team_draft_idx ON picks (team_id, draft_id)`);
    await queryRunner.query(`CREATE INDEX picks_created_idx ON picks (created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS picks`);
    await queryRunner.query(`DROP TABLE IF EXISTS draft_teams`);
    await queryRunner.query(`DROP TABLE IF EXISTS teams`);
    await queryRunner.query(`DROP TABLE IF EXISTS drafts`);
  }
}
