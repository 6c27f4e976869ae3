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

const DIAGNOSTICS_LINES = 60;
const PAGE_SNAPSHOT_LINES = 80;

/**
 * What explains each failed browser test, as text for the end of the output: the page's accessibility snapshot at
 * the failure (Playwright's error-context attachment) and the last lines of the page diagnostics (e2e/tests/support/
 * test.ts). Playwright's own report cuts a text attachment at 300 characters and names files by path, neither of
 * which a CI log that keeps only its tail can show; a failure seen once in many runs must be explainable from it.
 */
export function describePlaywrightFailures(file = PLAYWRIGHT_JSON) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const notes = [];
  const visit = (suite, titles) => {
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
    for (const spec of suite.specs ?? []) {
      for (const run of spec.tests ?? []) {
        for (const result of run.results ?? []) {
          if (result.status === 'passed' || result.status === 'skipped') continue;
          notes.push(describeFailedResult([...titles, spec.title].filter(Boolean).join(' › '), result));
        }
      }
    }
  };
  visit(report, []);
  return notes;
}

function describeFailedResult(title, result) {
  const lines = [`── failed: ${title} (${result.status}) ──`];
  for (const attachment of result.attachments ?? []) {
    const text = attachmentText(attachment);
    if (text === null) continue;
    if (attachment.name === 'error-context') {
      lines.push('page at the failure:', ...pageSnapshotOf(text).slice(0, PAGE_SNAPSHOT_LINES));
    } else if (attachment.name === 'page-diagnostics') {
      lines.push(
        `page diagnostics (last ${DIAGNOSTICS_LINES} lines):`,
        ...text.split('\n').slice(-DIAGNOSTICS_LINES),
      );
    }
  }
  return lines.join('\n');
}

/** The error context's page snapshot (its YAML block): the rest repeats the error and the test's source. */
function pageSnapshotOf(errorContext) {
  const lines = errorContext.split('\n');
  const start = lines.indexOf('```yaml');
  if (start < 0) return lines;
  const end = lines.indexOf('```', start + 1);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

function attachmentText(attachment) {
  try {
    if (typeof attachment.body === 'string') return Buffer.from(attachment.body, 'base64').toString('utf8');
    if (attachment.path) return fs.readFileSync(attachment.path, 'utf8');
  } catch {
    // A missing file explains nothing; the report's own lines still name it.
  }
  return null;
}
