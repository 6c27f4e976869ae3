import type pg from 'pg';

type Query = (...args: unknown[]) => unknown;

/**
 * Calls `onStatement` for every statement sent on the pool's connections: `pool.query` and checked-out clients alike
 * (BEGIN and COMMIT included), so `db_statements_total` says how many round trips a command costs (ADR 0020).
 */
export function countStatements(pool: pg.Pool, onStatement: () => void): void {
  pool.on('connect', (client) => {
    const target = client as unknown as { query: Query };
    const query = target.query.bind(client) as Query;
    target.query = (...args: unknown[]) => {
      onStatement();
      return query(...args);
    };
  });
}
