import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

const MIGRATION_LOCK = 'auction.migrations';

/**
 * Runs pending migrations, each in its own transaction. Instances starting together on one database queue on a
 * session advisory lock, so exactly one runs a migration and the others then find nothing pending.
 */
export async function runMigrations(dataSource: DataSource, pool: Pool): Promise<string[]> {
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    lockClient.release();
  }
}
