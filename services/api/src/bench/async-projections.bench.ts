/**
 * `npm run bench:async-projections` (repository root): how fast an asynchronous projection (the draft activity
 * feed, ADR 0022) catches up on a log it has never seen, batch by batch, with its checkpoint saved in each batch's
 * transaction. Creates a throwaway database (migrated like the app's), fills the log with the same generated drafts
 * as bench:rebuild (`--events=N`, default 200,000), runs AsyncProjectionRunner.catchUp (`--batch=N`, default 1,000),
 * prints events/s, batches and the load average, drops the database. Not a test: it prints.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createDataSource } from '../infrastructure/database/database.module.js';
import { runMigrations } from '../infrastructure/database/run-migrations.js';
import { AsyncProjectionRunner } from '../infrastructure/event-sourcing/async-projection-runner.js';
import { draftActivityProjection } from '../modules/drafts/index.js';
import { generateDraftLog } from './draft-log-generator.js';
import { insertGeneratedLog } from './draft-log-insert.js';

const SERVER_URL = process.env['BENCH_DATABASE_SERVER'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function flag(name: string, fallback: number): number {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  const value = given ? Number(given.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

async function main(): Promise<void> {
  const total = flag('events', 200_000);
  const batchSize = flag('batch', 1_000);
  const name = `auction_bench_async_${randomBytes(4).toString('hex')}`;
  const databaseUrl = SERVER_URL.replace(/\/[^/]*$/, `/${name}`);
  const server = new pg.Client({ connectionString: SERVER_URL });
  await server.connect();
  await server.query(`CREATE DATABASE ${name}`);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    const dataSource = await createDataSource(databaseUrl).initialize();
    await runMigrations(dataSource, pool);
    await dataSource.destroy();
    const { events, streams } = generateDraftLog(total);
    await insertGeneratedLog(pool, events, streams);
    process.stdout.write(
      `log: ${events.length.toLocaleString('en-US')} events; load average before: ${load()}\n`,
    );

    const projection = draftActivityProjection();
    const runner = new AsyncProjectionRunner(pool, [projection], { batchSize, pollMs: 1_000 });
    const started = performance.now();
    const applied = await runner.catchUp(projection);
    const seconds = (performance.now() - started) / 1000;
    const [lag] = await runner.lag();
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM draft_activity');
    process.stdout.write(
      `catch-up: ${applied.toLocaleString('en-US')} events in ${seconds.toFixed(2)} s = ` +
        `${Math.round(applied / seconds).toLocaleString('en-US')} events/s, batches of ${batchSize} ` +
        `(${Math.ceil(applied / batchSize)} transactions), ${rows[0]!.n.toLocaleString('en-US')} feed rows, ` +
        `lag after: ${lag!.lag}; load average after: ${load()}\n`,
    );
  } finally {
    await pool.end();
    await server.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await server.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:async-projections failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
