import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool, PoolClient } from 'pg';
import { buildApi } from '../../test-support/api-process.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { eventually } from '../../modules/auctions/__tests__/auction-test-kit.js';
import { playFullDraft } from '../../modules/audit/__tests__/full-draft.js';
import { draftActivityProjection } from '../../modules/drafts/index.js';
import { poolOf } from '../../modules/teams/__tests__/league-test-kit.js';
import { AsyncProjectionRunner } from './async-projection-runner.js';

// services/api/src/infrastructure/event-sourcing → services/api
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const BATCH = 10;

let t: TestApp;
let pool: Pool;

/** The feed rows the log calls for, computed in SQL independently of the projection. */
async function expectedFeed(): Promise<string[]> {
  const { rows } = await pool.query<{ p: string }>(
    `SELECT global_position::text AS p FROM es_events
     WHERE stream_id LIKE 'draft-%' AND type IN ('DraftCreated', 'DraftStarted', 'PlayerSold', 'KeeperAdded',
       'KeeperRemoved', 'PickUpdated', 'PickUndone', 'DraftPaused', 'DraftResumed', 'DraftCompleted',
       'DraftReopened', 'DraftDeleted')
     ORDER BY global_position`,
  );
  return rows.map((row) => row.p);
}

async function feed(): Promise<string[]> {
  const { rows } = await pool.query<{ p: string }>(
    'SELECT global_position::text AS p FROM draft_activity ORDER BY global_position',
  );
  return rows.map((row) => row.p);
}

async function checkpointPosition(): Promise<number> {
  const { rows } = await pool.query<{ p: string }>(
    `SELECT global_position::text AS p FROM projection_checkpoints WHERE name = 'draft_activity'`,
  );
  return Number(rows[0]?.p ?? 0);
}

beforeAll(async () => {
  await buildApi();
  t = await startTestApp({ env: { ASYNC_PROJECTION_POLL_MS: '0' } });
  pool = poolOf(t);
  await playFullDraft(t, 'kill');
});

afterAll(async () => {
  await t?.close();
});

describe('an async projection killed (-9) in the middle of a batch', () => {
  it('resumes from its checkpoint without losing or duplicating a row', async () => {
    const expected = await expectedFeed();
    const blocked = expected[Math.floor(expected.length / 2)]!;
    // A transaction of ours holds the feed row of an event in the middle of the log (uncommitted), so the child's
    // batch that reaches it waits inside its INSERT: killed there, it has committed earlier batches only.
    const blocker: PoolClient = await pool.connect();
    await blocker.query('BEGIN');
    await blocker.query(
      `INSERT INTO draft_activity (global_position, draft_id, stream_version, kind, at)
       VALUES ($1, gen_random_uuid(), 0, 'blocker', now())`,
      [blocked],
    );
    const child = spawn(process.execPath, ['dist/cli/run-async-projections.js'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        ASYNC_PROJECTION_BATCH: String(BATCH),
        ASYNC_PROJECTION_POLL_MS: '50',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once('exit', (_code, signal) => resolve(signal)),
    );
    try {
      await eventually(
        async () =>
          (
            await pool.query(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND application_name = 'auction-cli' AND wait_event_type = 'Lock'`,
            )
          ).rows[0].n as number,
        (waiting) => waiting === 1,
        20_000,
      );
      const before = await checkpointPosition();
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(Number(blocked));
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    } finally {
      await blocker.query('ROLLBACK');
      blocker.release();
    }

    // The killed batch never committed: the rows are those of the batches before it, up to the checkpoint.
    const saved = await checkpointPosition();
    expect(await feed()).toEqual(expected.filter((p) => Number(p) <= saved));

    // Another runner resumes (once the dead connection's transaction and lock are gone) and catches up.
    const runner = new AsyncProjectionRunner(pool, [draftActivityProjection()], {
      batchSize: BATCH,
      pollMs: 20,
    });
    await eventually(
      async () => {
        await runner.catchUp(runner.projections[0]!);
        return (await runner.lag())[0]!.lag;
      },
      (lag) => lag === 0,
      // Also waits out any other session's long transaction on a shared server (the reader stops below it).
      50_000,
    );
    expect(await feed()).toEqual(expected);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM draft_activity WHERE kind = 'blocker'`);
    expect(rows[0].n).toBe(0);
  });
});
