import { teamNameKey } from '@auction/domain';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The rows that hold their name's key: the first created live team of each compared name (created_at, then id). */
const FIRST_OF_EACH = (key: string) => `
  SELECT DISTINCT ON (${key}) id FROM teams
  WHERE deleted_at IS NULL
  ORDER BY ${key}, created_at, id`;

/**
 * Team names were compared as `lower(btrim(name))` in SQL, so `Sharks` and `ＳＨＡＲＫＳ` (fullwidth), `Café` written
 * precomposed or decomposed, or a name with a no-break or ideographic space at an end counted as different teams.
 * They are now compared in the form `teamNameKey` (@auction/domain) gives: NFKC, lower case, trimmed of Unicode
 * whitespace (docs/adr/0013). That form is computed in TypeScript only and stored in the new column
 * `teams.name_compared`, every row's compared name, which the projection writes with every name; SQL only compares
 * it. This migration fills it for the rows already there, with the same function the projection and the rebuild use.
 *
 * Then `name_key` is recomputed with the rule of migration 1763781401000: among live teams sharing a compared name,
 * the first created (then the lowest id) holds it, any other holds null. Names that collide only under the new form
 * are kept as they are, neither renamed nor refused (the log is append-only); the later ones simply lose the key,
 * so no further team or rename may take the name. No name changes: only `name_key` and `name_compared` are written.
 *
 * Reads the teams into the process to compute the keys: teams are few (one league).
 */
export class TeamNamesComparedUnicodeAware1763781450000 implements MigrationInterface {
  name = 'TeamNamesComparedUnicodeAware1763781450000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE teams ADD COLUMN name_compared text NULL`);
    const teams = (await queryRunner.query(`SELECT id, name FROM teams`)) as { id: string; name: string }[];
    await queryRunner.query(
      `UPDATE teams t SET name_compared = k.key
       FROM unnest($1::uuid[], $2::text[]) AS k(id, key) WHERE t.id = k.id`,
      [teams.map((team) => team.id), teams.map((team) => teamNameKey(team.name))],
    );
    await queryRunner.query(`ALTER TABLE teams ALTER COLUMN name_compared SET NOT NULL`);
    await this.rekey(queryRunner, 'name_compared');
    // The projection, the guard and the read model look live teams up by the compared name.
    await queryRunner.query(`DROP INDEX IF EXISTS teams_name_key_lookup_idx`);
    await queryRunner.query(
      `CREATE INDEX teams_name_compared_idx ON teams (name_compared) WHERE deleted_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS teams_name_compared_idx`);
    await queryRunner.query(
      `CREATE INDEX teams_name_key_lookup_idx ON teams (lower(btrim(name))) WHERE deleted_at IS NULL`,
    );
    await this.rekey(queryRunner, 'lower(btrim(name))');
    await queryRunner.query(`ALTER TABLE teams DROP COLUMN name_compared`);
  }

  /**
   * `name_key` by the rule of 1763781401000 over the compared form `key` (an expression over `teams`' columns; the
   * subquery yields only `id`, so it names them unambiguously). Released everywhere first, then claimed:
   * the unique index is checked row by row, so moving a key between rows in one statement could trip over itself.
   */
  private async rekey(queryRunner: QueryRunner, key: string): Promise<void> {
    await queryRunner.query(`UPDATE teams SET name_key = NULL WHERE name_key IS NOT NULL`);
    await queryRunner.query(`
      UPDATE teams t SET name_key = ${key}
      FROM (${FIRST_OF_EACH(key)}) first_of_each_name
      WHERE t.id = first_of_each_name.id`);
  }
}
