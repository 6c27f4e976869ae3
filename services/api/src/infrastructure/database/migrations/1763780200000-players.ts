import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The player catalogue (docs/adr/0005-player-catalogue.md) and the history of provider syncs.
 *
 * `players` holds two kinds of columns:
 *  - catalogue columns (provider … auction_value, search_name, synced_at, updated_at): reference data, written only
 *    by the player sync (PlayerCatalogueWriter), upserted by (provider, provider_id);
 *  - draft state (cost, is_drafted, drafted_by_team_id, draft_id): a projection of draft events, never written by
 *    the sync, so drafted players keep it across syncs.
 *
 * `search_name` is `player_search_name(name)`: lower case, accents removed (unaccent), apostrophes and dots dropped
 * ("Ja'Marr" → "jamarr", "A.J." → "aj"), every other run of non-alphanumerics one space. A trigram GIN index on
 * it serves fuzzy, case- and accent-insensitive search; normalise a query with the same function.
 */
export class Players1763780200000 implements MigrationInterface {
  name = 'Players1763780200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);

    // STABLE, not IMMUTABLE: unaccent depends on its dictionary. Only ever evaluated on writes and on the query
    // string, never in an index expression.
    await queryRunner.query(`
      CREATE FUNCTION player_search_name(name text) RETURNS text
      LANGUAGE sql STABLE PARALLEL SAFE
      RETURN btrim(regexp_replace(regexp_replace(lower(unaccent(name)), '[''.]', '', 'g'), '[^a-z0-9]+', ' ', 'g'))`);

    await queryRunner.query(`
      CREATE TABLE players (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider text NOT NULL,
        provider_id text NOT NULL,
        name text NOT NULL,
        search_name text NOT NULL,
        position text NOT NULL CHECK (position IN ('QB', 'RB', 'WR', 'TE', 'K', 'DEF')),
        team text NULL,
        jersey_number int NULL,
        age int NULL,
        status text NULL,
        injury_status text NULL,
        projected_points numeric(7, 1) NULL,
        adp numeric(7, 1) NULL,
        auction_value numeric(7, 2) NULL,
        cost int NULL,
        is_drafted boolean NOT NULL DEFAULT false,
        drafted_by_team_id uuid NULL,
        draft_id uuid NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        synced_at timestamptz NULL,
        CONSTRAINT players_provider_id_unique UNIQUE (provider, provider_id)
      )`);
    await queryRunner.query(
      `CREATE INDEX players_search_name_trgm_idx ON players USING gin (search_name gin_trgm_ops)`,
    );
    await queryRunner.query(`CREATE INDEX players_position_adp_idx ON players (position, adp)`);
    await queryRunner.query(`CREATE INDEX players_is_drafted_idx ON players (is_drafted)`);
    await queryRunner.query(`CREATE INDEX players_drafted_by_team_idx ON players (drafted_by_team_id)`);

    await queryRunner.query(`
      CREATE TABLE player_sync_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        -- The BullMQ job id; null for the start-up seed, which writes without the queue.
        job_id text NULL,
        provider text NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL,
        inserted int NULL,
        updated int NULL,
        total int NULL,
        error text NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX player_sync_runs_started_idx ON player_sync_runs (started_at DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS player_sync_runs`);
    await queryRunner.query(`DROP TABLE IF EXISTS players`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS player_search_name(text)`);
  }
}
