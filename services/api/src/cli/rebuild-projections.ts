import 'reflect-metadata';
import { cliPool } from './cli-database.js';
import { rebuildReadModels } from './rebuild-read-models.js';

/** `npm run projections:rebuild`: replays the whole log into the read models (DATABASE_URL). */
async function main(): Promise<void> {
  const pool = cliPool();
  try {
    const report = await rebuildReadModels(pool);
    process.stdout.write(
      `Rebuilt the read models: ${report.events} events replayed in ${(report.wallMs / 1000).toFixed(2)} s ` +
        `(${report.eventsPerSecond.toLocaleString('en-US')} events/s)\n`,
    );
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Rebuild failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
