import type { Pool } from 'pg';
import type { SqlClient } from './event-store.types.js';

/**
 * BEGIN / fn / COMMIT on one pooled connection, at PostgreSQL's default READ COMMITTED: the append's row-level
 * checks make SERIALIZABLE (and its retry storms) unnecessary.
 */
export async function withTransaction<T>(pool: Pool, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    const commit = await client.query('COMMIT');
    // COMMIT of a transaction that already failed (an error swallowed inside fn) silently rolls back.
    if (commit.command === 'ROLLBACK') {
      throw new Error('transaction was aborted by an earlier error inside it, nothing was committed');
    }
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    // A connection that could not even roll back is destroyed instead of going back to the pool.
    client.release(broken);
  }
}
