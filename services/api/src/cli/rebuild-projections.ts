import 'reflect-metadata';
import { setPriority } from 'node:os';
import { cliPool } from './cli-database.js';
import { rebuildReadModels } from './rebuild-read-models.js';
import { REBUILD_STAGES, type RebuildStage } from '../rebuild/shadow-rebuild.js';

/** `--projection NAME` (or `--projection=NAME`): one read model; none means all of them. */
function projectionArg(argv: readonly string[]): string | undefined {
  const at = argv.findIndex((arg) => arg === '--projection' || arg.startsWith('--projection='));
  if (at < 0) return undefined;
  const arg = argv[at]!;
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[at + 1];
  if (!value || value.startsWith('--')) throw new Error('--projection needs a name');
  return value;
}

/**
 * REBUILD_PAUSE_AT=<stage> (tests only): stops at that stage and says so on stderr, so a test can kill -9 the
 * process there and check that the live tables did not move.
 */
function pauseAt(env: NodeJS.ProcessEnv): ((stage: RebuildStage) => Promise<void>) | undefined {
  const wanted = env['REBUILD_PAUSE_AT'];
  if (!wanted) return undefined;
  if (!(REBUILD_STAGES as readonly string[]).includes(wanted)) throw new Error(`unknown stage ${wanted}`);
  return async (stage) => {
    if (stage !== wanted) return;
    process.stderr.write(`paused at ${stage}\n`);
    await new Promise(() => undefined);
  };
}

function lowerPriority(): void {
  try {
    setPriority(10);
  } catch {
    // Not allowed here (some containers): run at normal priority.
  }
}

/**
 * `npm run projections:rebuild [-- --projection NAME] [--json]`: rebuilds the read models while the drafts go on;
 * `--json` prints the report as one JSON line (for scripts and bench:rebuild).
 */
async function main(): Promise<void> {
  const projection = projectionArg(process.argv.slice(2));
  // A rebuild is background work: on a small machine the API's requests should win the CPU (ADR 0023).
  lowerPriority();
  const pool = cliPool();
  try {
    const onStage = pauseAt(process.env);
    const report = await rebuildReadModels(pool, projection, onStage ? { onStage } : {});
    if (process.argv.includes('--json')) {
      process.stdout.write(`${JSON.stringify(report)}\n`);
      return;
    }
    process.stdout.write(
      `Rebuilt the read models (${report.tables.join(', ')}): ${report.events} events replayed in ` +
        `${(report.wallMs / 1000).toFixed(2)} s (${report.eventsPerSecond.toLocaleString('en-US')} events/s), ` +
        `${report.caughtUpEvents + report.swapTailEvents} caught up, swapped in ${report.swapMs.toFixed(0)} ms\n`,
    );
  } finally {
    await pool.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Rebuild failed, the live read models were not changed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
