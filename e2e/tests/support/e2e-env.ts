// Where the browser tests' own instance of the app runs, and with which settings. playwright.config.ts passes these
// to `npm start`; tests import the admin credentials from here. Everything can be overridden with E2E_* variables.

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const HEALTH_URL = `${BASE_URL}/api/health`;

/** The admin account the API creates on first start from ADMIN_EMAIL / ADMIN_USERNAME / ADMIN_PASSWORD. */
export const ADMIN = Object.freeze({
  email: 'admin@example.com',
  username: 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'E2e-admin-Passw0rd!',
});

export const E2E_JWT_SECRET =
  process.env.E2E_JWT_SECRET ?? 'e2e-only-jwt-secret-not-for-production-0123456789';

/**
 * Same server as the developer's DATABASE_URL, but a database of its own: it is dropped and recreated before every
 * run (reset-e2e-state.mjs), so its name must start with `auction_e2e` (or E2E_DATABASE_PREFIX, where the server's users
 * each have a prefix of their own).
 */
export const E2E_DATABASE_URL =
  process.env.E2E_DATABASE_URL ??
  withPath(
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/auction_draft',
    '/auction_e2e_run',
  );

/**
 * Same Redis as REDIS_URL but logical database 1, flushed before every run, so the dev app's keys are untouched. With
 * E2E_REDIS_RESET=namespace only the e2e database's own keys are deleted instead (a Redis shared with others).
 */
export const E2E_REDIS_URL =
  process.env.E2E_REDIS_URL ?? withPath(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', '/1');

function withPath(url: string, pathname: string): string {
  const parsed = new URL(url);
  parsed.pathname = pathname;
  return parsed.toString();
}
