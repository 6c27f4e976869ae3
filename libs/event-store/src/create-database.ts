import pg from 'pg';

const DUPLICATE_DATABASE = '42P04';
// Two concurrent CREATE DATABASE of one name can also collide on the pg_database catalog's unique index.
const UNIQUE_VIOLATION = '23505';

/** Connects to the `postgres` database of the same server and creates the target database if it is missing. */
export async function createDatabaseIfMissing(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name) throw new TypeError(`database URL names no database: ${redact(target)}`);

  const admin = new URL(target.href);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount) return;
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== DUPLICATE_DATABASE && code !== UNIQUE_VIOLATION) throw error;
  } finally {
    await client.end();
  }
}

function redact(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password) copy.password = '***';
  return copy.href;
}
