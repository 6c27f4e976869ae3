// Database helpers for the e2e reset (e2e/tests/support/reset-e2e-state.mjs). They run after dependencies are
// installed, so they may use the drivers the API already depends on.
import { createRequire } from 'node:module';
import path from 'node:path';
import { UserFacingError, repoRoot } from './process.mjs';

/** require() as seen from services/api, whose dependencies (pg, ioredis) may not be hoisted to the root. */
export const requireFromApi = createRequire(path.join(repoRoot, 'services/api/package.json'));

/** Drops and recreates a throwaway database (the e2e one). Refuses names without `requiredPrefix`. */
export async function recreateDatabase(databaseUrl, { requiredPrefix }) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name.startsWith(requiredPrefix)) {
    throw new UserFacingError(
      `Refusing to drop database "${name}": only "${requiredPrefix}*" databases are throwaway.`,
    );
  }
  const maintenanceUrl = new URL(databaseUrl);
  maintenanceUrl.pathname = '/postgres';
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: maintenanceUrl.toString() });
  await client.connect();
  try {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    // WITH (FORCE) ends sessions a crashed earlier run may have left behind (PostgreSQL 13+).
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted}`);
  } finally {
    await client.end();
  }
}
