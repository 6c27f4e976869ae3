import { teamNameKey } from '@auction/domain';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The rows that hold their name's key: the first created live team of each compared name (created_at, then id). */
const FIRST_OF_EACH = `
  SELECT DISTINCT ON (name_compared) id FROM teams
  WHERE deleted_at IS NULL
  ORDER BY name_compared, created_at, id`;

/**
 * The compared form as migration 1763781450000 left it (NFKC, lower case, NFKC, trimmed of Unicode whitespace), kept
 * here as it was so that down() restores exactly those keys whatever `teamNameKey` becomes.
 */
const EDGE_WHITESPACE = /^[\s\p{White_Space}]+|[\s\p{White_Space}]+$/gu;
function keyWithIgnorables(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFKC').replace(EDGE_WHITESPACE, '');
}

/**
 * Team names were compared with Unicode's default-ignorable code points kept, so `Sharks` and `Sh\u200Barks` (zero-width
 * space), `Sharks\u2060` (word joiner), `Sharks\uFE0F` (variation selector) or `Sharks\u00AD` (soft hyphen) counted as
 * different teams though they look the same. `teamNameKey` (@auction/domain) now removes those characters wherever
 * they are, before normalising (docs/adr/0013). The form is computed in TypeScript only, so this migration rewrites
 * `teams.name_compared` for the rows already there with the function the projection and the rebuild use.
 *
 * Then `name_key` is recomputed with the rule of migration 1763781401000: among live teams sharing a compared name,
 * the first created (then the lowest id) holds it, any other holds null. Names that collide only under the new form
 * are kept as they are, neither renamed nor refused (the log is append-only); the later ones simply lose the key,
 * so no further team or rename may take the name. No name changes: only `name_key` and `name_compared` are written.
 * down() writes both back in the previous form.
 *
 * Reads the teams into the process to compute the keys: teams are few (one league).
 */
export class TeamNamesComparedWithoutIgnorables1763781460000 implements MigrationInterface {
  name = 'TeamNamesComparedWithoutIgnorables1763781460000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.recompare(queryRunner, teamNameKey);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.recompare(queryRunner, keyWithIgnorables);
  }

  /** Every row's `name_compared` as `key` gives it, then `name_key` by the rule of 1763781401000 over it. */
  private async recompare(queryRunner: QueryRunner, key: (name: string) => string): Promise<void> {
    const teams = (await queryRunner.query(`SELECT id, name FROM teams`)) as { id: string; name: string }[];
    await queryRunner.query(
      `UPDATE teams t SET name_compared = k.key
       FROM unnest($1::uuid[], $2::text[]) AS k(id, key) WHERE t.id = k.id AND t.name_compared <> k.key`,
      [teams.map((team) => team.id), teams.map((team) => key(team.name))],
    );
    // Released everywhere first, then claimed: the unique index is checked row by row, so moving a key between rows
    // in one statement could trip over itself.
    await queryRunner.query(`UPDATE teams SET name_key = NULL WHERE name_key IS NOT NULL`);
    await queryRunner.query(`
      UPDATE teams t SET name_key = t.name_compared
      FROM (${FIRST_OF_EACH}) first_of_each_name
      WHERE t.id = first_of_each_name.id`);
  }
}
