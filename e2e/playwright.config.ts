// Browser tests against the app started exactly as the README starts it (`npm start` from the repo root), on its
// own port, database and Redis database, driving Debian's Chromium (never a Playwright browser download).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  ADMIN,
  BASE_URL,
  E2E_DATABASE_URL,
  E2E_JWT_SECRET,
  E2E_PORT,
  E2E_REDIS_URL,
  HEALTH_URL,
} from './tests/support/e2e-env.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(repoRoot, '.runtime', 'test-results');

export default defineConfig({
  testDir: './tests',
  testMatch: '**/*.e2e.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: path.join(resultsDir, 'playwright-artifacts'),
  // infra/scripts/test.mjs reads the JSON report for the `tests: N passed, M failed` line.
  reporter: [['list'], ['json', { outputFile: path.join(resultsDir, 'playwright.json') }]],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node e2e/tests/support/reset-e2e-state.mjs && npm start',
    cwd: repoRoot,
    url: HEALTH_URL,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(E2E_PORT),
      DATABASE_URL: E2E_DATABASE_URL,
      REDIS_URL: E2E_REDIS_URL,
      JWT_SECRET: E2E_JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // No demo league: it takes all twelve team numbers, and the tests create their own teams.
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // The suites register every account from 127.0.0.1, more than the 20 an hour one address may create.
      REGISTER_RATE_LIMIT: '1000000',
    },
  },
});
