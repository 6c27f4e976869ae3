// `npm start`: install dependencies if needed, make sure PostgreSQL and Redis are there, build, run the API.
// The API creates its database if missing, applies migrations, seeds the demo league on first start (printing the
// credentials), and serves the REST API, the socket and the web client on PORT. Node built-ins only: this runs on a
// fresh clone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { envWithDefaults, loadConfig } from './lib/config.mjs';
import { ensureDependencies } from './lib/dependencies.mjs';
import { UserFacingError, log, main, nxEnv, repoRoot, run } from './lib/process.mjs';
import { ensureServices } from './lib/services.mjs';

const API_ENTRY = path.join(repoRoot, 'services/api/dist/main.js');
/**
 * V8's helper threads (parallel scavenges, concurrent marking, sweeping): node starts 4 whatever the host. Where the
 * API shares 2 cores with PostgreSQL, a full collection's concurrent marking on 4 helpers preempts the event loop and
 * the database at once, and 400 drafts' bids arrive late in a burst; one helper per core beyond the event loop's own
 * (at most node's 4) made that burst smaller. Measured in docs/benchmarks.md (issue 10, ninth round; ADR 0030).
 */
const V8_POOL_SIZE = Math.min(4, Math.max(1, os.availableParallelism() - 1));
/**
 * A young generation of 128 MB a half (node's default is 16): on draft night most of what a bid allocates dies within
 * a few milliseconds, but with thousands of sockets in flight a 16 MB nursery fills before it does, so live garbage
 * is promoted and later collected by full (mark-compact) collections. Measured in docs/benchmarks.md (issue 10,
 * fourth round). Also in infra/docker/Dockerfile.api; `API_NODE_ARGS` comes after, so it can override it.
 */
const API_DEFAULT_NODE_ARGS = ['--max-semi-space-size=128', `--v8-pool-size=${V8_POOL_SIZE}`];

await main(async () => {
  await ensureDependencies();
  const config = loadConfig();
  await ensureServices(config);

  log('building the API and the web client');
  const build = [
    'nx',
    'run-many',
    '-t',
    'build',
    '-p',
    '@auction/api',
    '@auction/web',
    '--outputStyle=static',
  ];
  await run('npx', build, { env: nxEnv() });

  if (!fs.existsSync(API_ENTRY)) {
    throw new UserFacingError(`The build finished but ${path.relative(repoRoot, API_ENTRY)} does not exist.`);
  }
  log(`starting the API on http://localhost:${config.port}`);
  await execApi(envWithDefaults(config));
});

/**
 * Runs the API as if exec'd: signals are forwarded, and we exit the way it exits. `API_NODE_ARGS` (whitespace
 * separated) go to node before the entry, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (bench:capacity --profile).
 */
function execApi(env) {
  return new Promise(() => {
    const nodeArgs = [...API_DEFAULT_NODE_ARGS, ...(env.API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean)];
    const api = spawn(process.execPath, [...nodeArgs, API_ENTRY], { cwd: repoRoot, env, stdio: 'inherit' });
    const forward = (signal) => api.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
    api.on('error', (error) => {
      process.stderr.write(`[auction] could not start the API: ${error.message}\n`);
      process.exit(1);
    });
    api.on('exit', (code, signal) => {
      if (signal) {
        for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(s, forward);
        process.kill(process.pid, signal);
        return;
      }
      process.exit(code ?? 1);
    });
  });
}
