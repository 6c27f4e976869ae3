import pg from 'pg';

/** The API's default, so the CLIs reach the same database as `npm start` without configuration. */
const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/auction_draft';

/** A small pool on DATABASE_URL for the command-line tools (they run without Nest, Redis or HTTP). */
export function cliPool(env: NodeJS.ProcessEnv = process.env): pg.Pool {
  const pool = new pg.Pool({
    connectionString: env['DATABASE_URL'] || DEFAULT_DATABASE_URL,
    max: 2,
    application_name: 'auction-cli',
  });
  pool.on('error', () => undefined);
  return pool;
}
