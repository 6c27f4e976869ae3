// Test counts for the final `tests: N passed, M failed` line.
// Jest: every run ends with a summary such as `Tests:       1 failed, 2 skipped, 40 passed, 43 total`; test.mjs tees
// the Nx output to the terminal and feeds each line here, so no Jest flags or config changes are needed.
// Playwright: its `json` reporter writes .runtime/test-results/playwright.json (see e2e/playwright.config.ts).
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './process.mjs';

export const RESULTS_DIR = path.join(repoRoot, '.runtime', 'test-results');
export const PLAYWRIGHT_JSON = path.join(RESULTS_DIR, 'playwright.json');

const ANSI = /\x1b\[[0-9;?]*[A-Za-z]/g;
const COUNTS = '((?:\\d+ [a-z]+, )*\\d+ total)';
const TESTS_LINE = new RegExp(`(?:^|\\s)Tests:\\s+${COUNTS}`);
const SUITES_LINE = new RegExp(`(?:^|\\s)Test Suites:\\s+${COUNTS}`);

const count = (text, word) => Number(new RegExp(`(\\d+) ${word}`).exec(text)?.[1] ?? 0);

export function createJestCounter() {
  const totals = { passed: 0, failed: 0, runs: 0, failedSuites: 0 };
  return {
    totals,
    onLine(rawLine) {
      const line = rawLine.replace(ANSI, '');
      const tests = TESTS_LINE.exec(line);
      if (tests) {
        totals.passed += count(tests[1], 'passed');
        totals.failed += count(tests[1], 'failed');
        totals.runs += 1;
        return;
      }
      const suites = SUITES_LINE.exec(line);
      if (suites) totals.failedSuites += count(suites[1], 'failed');
    },
  };
}

/** Counts from Playwright's JSON report, or null when there is none (e.g. the web server never came up). */
export function readPlaywrightCounts(file = PLAYWRIGHT_JSON) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    errors: report.errors?.length ?? 0,
  };
}
