// `npm test`: every check a change must pass, in order, stopping at the first failure.
//   setup (dependencies, PostgreSQL/Redis, Chromium, kcat) → build → Prettier check + lint + typecheck → unit (Jest) → integration (Jest, real PostgreSQL/Redis) → e2e (Playwright)
// Ends with one line per stage and `tests: N passed, M failed` (Jest counts are read from the teed output, the
// Playwright count from its JSON report). Node built-ins only: this runs on a fresh clone.
import fs from 'node:fs';
import { ensureChromium } from './lib/chromium.mjs';
import { envWithDefaults, loadConfig } from './lib/config.mjs';
import { ensureDependencies } from './lib/dependencies.mjs';
import { ensureKcat } from './lib/kcat.mjs';
import { UserFacingError, log, nxEnv, run } from './lib/process.mjs';
import { ensureServices } from './lib/services.mjs';
import {
  PLAYWRIGHT_JSON,
  RESULTS_DIR,
  createJestCounter,
  describePlaywrightFailures,
  readPlaywrightCounts,
} from './lib/test-results.mjs';

const config = loadConfig();
const ci = Boolean(process.env.CI && process.env.CI !== 'false');
// Output is piped (to count tests), which turns colours off; keep them for a person at a terminal.
const colour = !ci && process.stdout.isTTY && !process.env.FORCE_COLOR ? { FORCE_COLOR: '1' } : {};
const env = nxEnv({ ...envWithDefaults(config), ...colour });
// Nx 23 keeps its task cache per machine (~/.nx), not in the clone: CI on a clean clone must not be served a build,
// lint or type-check result from an earlier checkout on the same machine, whose inputs may not cover every root file.
const nx = (...args) => ['nx', ...args, '--outputStyle=static', ...(ci ? ['--skip-nx-cache'] : [])];

const API_PROJECT = '@auction/api';

const stages = [
  {
    name: 'setup',
    action: async () => {
      await ensureDependencies();
      await ensureServices(config);
      ensureChromium();
      ensureKcat();
    },
  },
  { name: 'build', action: () => run('npx', nx('run-many', '-t', 'build'), { env }) },
  {
    name: 'lint + typecheck',
    action: async () => {
      // Formatting first: a file Prettier would change fails here, as ESLint's findings do.
      await run('npx', ['prettier', '--check', '.', '--log-level', 'warn'], { env });
      await run('npx', nx('run-many', '-t', 'lint', 'typecheck'), { env });
    },
  },
  {
    name: 'unit tests',
    jest: true,
    action: (onLine) => run('npx', nx('run-many', '-t', 'test'), { env, onLine }),
  },
  {
    name: 'integration tests',
    jest: true,
    // The API's suite runs two Jest workers of its own and times clocks and restarts, so it runs alone; the smaller
    // suites (each with its own databases, ports and Kafka mock cluster) run side by side before it.
    action: async (onLine) => {
      await run('npx', nx('run-many', '-t', 'test:int', `--exclude=${API_PROJECT}`, '--parallel=3'), {
        env,
        onLine,
      });
      await run('npx', nx('run-many', '-t', 'test:int', '-p', API_PROJECT), { env, onLine });
    },
  },
  {
    name: 'e2e tests',
    playwright: true,
    action: () => {
      fs.rmSync(PLAYWRIGHT_JSON, { force: true });
      return run('npx', nx('run', '@auction/e2e:e2e'), { env });
    },
  },
];

const results = [];
let failure;
for (const stage of stages) {
  log(`── ${stage.name} ──`);
  const started = Date.now();
  const counter = createJestCounter();
  let error;
  try {
    await stage.action(counter.onLine);
  } catch (caught) {
    error = caught;
  }
  const result = { name: stage.name, seconds: (Date.now() - started) / 1000, ok: !error };
  if (stage.jest) Object.assign(result, counter.totals, { counted: true });
  if (stage.playwright) {
    const counts = readPlaywrightCounts();
    if (counts) Object.assign(result, counts, { counted: true });
  }
  results.push(result);
  if (error && stage.playwright) {
    for (const note of describePlaywrightFailures()) process.stderr.write(`\n${note}\n`);
  }
  if (error) {
    failure = error;
    break;
  }
}

if (failure) {
  const message = failure instanceof UserFacingError ? failure.message : (failure?.stack ?? String(failure));
  process.stderr.write(`\n[auction] npm test failed: ${message}\n`);
}
// The last line printed is always `tests: N passed, M failed`.
printSummary();
if (failure)
  process.exit(typeof failure.exitCode === 'number' && failure.exitCode > 0 ? failure.exitCode : 1);

function printSummary() {
  const lines = ['', '──────── npm test summary ────────'];
  for (const stage of stages) {
    const result = results.find((r) => r.name === stage.name);
    if (!result) {
      lines.push(`${stage.name.padEnd(18)} not run`);
      continue;
    }
    let detail = '';
    if (result.counted) {
      detail = `  ${result.passed} passed, ${result.failed} failed`;
      if (result.failedSuites) detail += `, ${result.failedSuites} suite(s) failed to run`;
      if (result.errors) detail += `, ${result.errors} error(s) outside tests`;
    } else if (stage.playwright) {
      detail = `  no Playwright report (${fs.existsSync(RESULTS_DIR) ? 'did the web server start?' : 'not written'})`;
    }
    lines.push(
      `${stage.name.padEnd(18)} ${(result.ok ? 'ok' : 'FAILED').padEnd(6)} ${formatSeconds(result.seconds)}${detail}`,
    );
  }
  const passed = results.reduce((sum, r) => sum + (r.passed ?? 0), 0);
  const failed = results.reduce((sum, r) => sum + (r.failed ?? 0), 0);
  lines.push(`tests: ${passed} passed, ${failed} failed`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)}s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
}
