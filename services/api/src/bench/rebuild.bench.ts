/**
 * `npm run bench:rebuild` (repository root): rebuild speed of the read models over 1,000,000 draft events.
 * Creates a throwaway database (migrated like the app's), fills the log with realistic drafts (12 teams × 20
 * players, ~7 bids per auction, 8 drafts interleaved) with set-based INSERTs of 10,000 rows and a valid hash
 * chain, runs the same rebuild as `npm run projections:rebuild`, prints events/s and wall time, drops the database.
 * `--events=N` for another size; `--keep` keeps the database (to profile a rebuild); `--live-drafts=N` starts the
 * API (`--port=`, default 3410) with N drafts bidding every 500 ms during the rebuild and prints their latencies
 * before, during and after it (rebuild-live-drafts.ts), the rebuild then running as the CLI in its own process.
 * Not a test: it prints.
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { verifyStream } from '@auction/event-store';
import { rebuildReadModels, type RebuildReport } from '../cli/rebuild-read-models.js';
import { createDataSource } from '../infrastructure/database/database.module.js';
import { runMigrations } from '../infrastructure/database/run-migrations.js';
import { BENCH_PLAYER_COUNT, benchPlayerId, generateDraftLog } from './draft-log-generator.js';
import { insertGeneratedLog } from './draft-log-insert.js';
import { startLiveDrafts, summarise } from './rebuild-live-drafts.js';

const SERVER_URL = process.env['BENCH_DATABASE_SERVER'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function liveDraftsWanted(): { count: number; port: number } {
  const flag = process.argv.find((arg) => arg.startsWith('--live-drafts='));
  const count = flag ? Number(flag.slice('--live-drafts='.length)) : 0;
  if (!Number.isInteger(count) || count < 0) throw new Error('--live-drafts must be a whole number');
  const portFlag = process.argv.find((arg) => arg.startsWith('--port='));
  return { count, port: portFlag ? Number(portFlag.slice('--port='.length)) : 3410 };
}

const CLI_ENTRY = fileURLToPath(new URL('../../dist/cli/rebuild-projections.js', import.meta.url));

/** `projections:rebuild --json` in a child process, as an operator runs it; resolves to its report. */
function rebuildWithCli(databaseUrl: string): Promise<RebuildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-semi-space-size=64', CLI_ENTRY, '--json'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`projections:rebuild exited with ${code}`));
      try {
        resolve(JSON.parse(output.trim().split('\n').pop()!) as RebuildReport);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PHASE_MS = 5_000;

function eventsWanted(): number {
  const flag = process.argv.find((arg) => arg.startsWith('--events='));
  const value = flag ? Number(flag.slice('--events='.length)) : 1_000_000;
  if (!Number.isInteger(value) || value < 1) throw new Error('--events must be a positive whole number');
  return value;
}

const seconds = (fromMs: number) => ((performance.now() - fromMs) / 1000).toFixed(2);

async function withServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The catalogue the drafts buy from, so every sale also updates a player row, as in production. */
async function insertPlayers(pool: pg.Pool): Promise<void> {
  await pool.query(
    `INSERT INTO players (provider, provider_id, name, search_name, position, team)
     SELECT 'bench', id, 'Bench Player ' || id, 'bench player ' || id, 'WR', 'BEN' FROM unnest($1::text[]) AS id`,
    [Array.from({ length: BENCH_PLAYER_COUNT }, (_, i) => benchPlayerId(i))],
  );
}

/**
 * Generates and inserts the log; returns the first draft's stream id. Its own function so the generated events
 * (~7 GB at 10M) are garbage before the rebuild starts: held, they made every GC of an in-process rebuild slower.
 */
async function fillLog(pool: pg.Pool, total: number): Promise<string> {
  let started = performance.now();
  const { events, streams } = generateDraftLog(total);
  process.stdout.write(
    `generated ${events.length.toLocaleString('en-US')} events in ${streams.size} streams (${seconds(started)} s)\n`,
  );
  started = performance.now();
  await insertGeneratedLog(pool, events, streams);
  process.stdout.write(`inserted them set-based in ${seconds(started)} s\n`);
  return events.find((event) => event.type === 'DraftCreated')!.streamId;
}

async function main(): Promise<void> {
  const total = eventsWanted();
  const name = `auction_bench_rebuild_${randomBytes(4).toString('hex')}`;
  const databaseUrl = SERVER_URL.replace(/\/[^/]*$/, `/${name}`);
  await withServer((client) => client.query(`CREATE DATABASE ${name}`));
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const dataSource = await createDataSource(databaseUrl).initialize();
    await runMigrations(dataSource, pool);
    await dataSource.destroy();
    await insertPlayers(pool);
    const firstDraft = await fillLog(pool, total);
    const chain = await verifyStream(pool, firstDraft);
    process.stdout.write(
      `hash chain of ${firstDraft}: ${chain.ok ? `ok (${chain.events} events)` : JSON.stringify(chain)}\n`,
    );

    const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    process.stdout.write(`load average before the rebuild: ${load()}\n`);
    const live = liveDraftsWanted();
    const drafts = live.count > 0 ? await startLiveDrafts(databaseUrl, live.port, live.count) : undefined;
    if (drafts) await sleep(PHASE_MS);
    // With live drafts the rebuild runs as operators run it, the CLI in its own process (which lowers its own
    // priority): in this process its synchronous fold would stall the bidders' event loop and the measured
    // latencies would be the bench's, not the API's. Without live drafts, in process.
    const rebuildStarted = performance.now();
    const report = drafts ? await rebuildWithCli(databaseUrl) : await rebuildReadModels(pool);
    const rebuildEnded = performance.now();
    if (drafts) {
      await sleep(PHASE_MS);
      const bids = await drafts.stop();
      process.stdout.write(
        `live drafts (${live.count}, one bid per 500 ms each):\n` +
          `  before the rebuild: ${summarise(bids, 0, rebuildStarted)}\n` +
          `  during the rebuild: ${summarise(bids, rebuildStarted, rebuildEnded)}\n` +
          `  after the rebuild:  ${summarise(bids, rebuildEnded, Infinity)}\n`,
      );
    }
    process.stdout.write(
      `rebuild: ${report.events.toLocaleString('en-US')} events in ${(report.wallMs / 1000).toFixed(2)} s wall = ` +
        `${report.eventsPerSecond.toLocaleString('en-US')} events/s (${report.foldedEvents.toLocaleString('en-US')} ` +
        `folded; bulk ${(report.bulkMs / 1000).toFixed(2)} s, keys+indexes ${(report.finishMs / 1000).toFixed(2)} s, ` +
        `swap ${report.swapMs.toFixed(0)} ms, ${report.caughtUpEvents + report.swapTailEvents} caught up)\n`,
    );
    process.stdout.write(`load average after: ${load()}\n`);
    const { rows } = await pool.query(
      `SELECT (SELECT count(*) FROM picks)::int AS picks, (SELECT count(*) FROM drafts)::int AS drafts,
              (SELECT count(*) FROM teams)::int AS teams`,
    );
    process.stdout.write(`read models: ${JSON.stringify(rows[0])}\n`);
  } finally {
    await pool.end();
    if (process.argv.includes('--keep')) process.stdout.write(`kept ${databaseUrl}\n`);
    else await withServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:rebuild failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
