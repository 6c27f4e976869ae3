import pg from 'pg';
import type { SqlStatement } from './player-search.sql.js';

/**
 * EXPLAIN ANALYZE of the plan PostgreSQL caches for a named statement (its generic plan, the one a connection
 * runs a search with once it has seen the statement a few times), on `client`'s session settings. For the
 * benchmark and the tests; nothing at run time calls it. Leaves the session as it was.
 */
export async function explainCachedPlan(client: pg.ClientBase, statement: SqlStatement): Promise<string[]> {
  const types = statement.values.map((value) => (typeof value === 'number' ? 'int' : 'text'));
  const literals = statement.values.map((value) =>
    value === null ? 'NULL' : typeof value === 'number' ? String(value) : pg.escapeLiteral(String(value)),
  );
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
    await client.query(`PREPARE explained_search (${types.join(', ')}) AS ${statement.text}`);
    try {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE explained_search (${literals.join(', ')})`,
      );
      return rows.map((row) => row['QUERY PLAN']);
    } finally {
      await client.query('DEALLOCATE explained_search');
    }
  } finally {
    await client.query('ROLLBACK');
  }
}
