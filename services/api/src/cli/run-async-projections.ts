import 'reflect-metadata';
import { AsyncProjectionRunner } from '../infrastructure/event-sourcing/async-projection-runner.js';
import { draftActivityProjection } from '../modules/drafts/index.js';
import { cliPool } from './cli-database.js';

const positiveInt = (name: string, fallback: number, min: number): number => {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number, at least ${min}`);
  return value;
};

/**
 * `npm run projections:async [-- --once]`: runs the asynchronous projections (ADR 0022) outside the API, on
 * DATABASE_URL, until SIGTERM/SIGINT (or, with --once, until they have caught up). Safe next to running APIs:
 * each batch takes the projection's advisory lock, so only one process applies it.
 */
async function main(): Promise<void> {
  const once = process.argv.includes('--once');
  const pool = cliPool();
  const runner = new AsyncProjectionRunner(
    pool,
    [draftActivityProjection()],
    {
      pollMs: positiveInt('ASYNC_PROJECTION_POLL_MS', 500, 1),
      batchSize: positiveInt('ASYNC_PROJECTION_BATCH', 1_000, 1),
    },
    (name, error) =>
      process.stderr.write(`${name} failed, retried next round: ${(error as Error).message}\n`),
  );
  try {
    if (once) {
      for (const projection of runner.projections) {
        process.stdout.write(`${projection.name}: ${await runner.catchUp(projection)} events applied\n`);
      }
      return;
    }
    runner.start();
    process.stdout.write('async projections running\n');
    await new Promise<void>((resolve) => {
      process.once('SIGTERM', resolve);
      process.once('SIGINT', resolve);
    });
    await runner.stop();
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`async projections: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
