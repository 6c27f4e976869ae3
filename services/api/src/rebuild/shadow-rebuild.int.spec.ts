import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '@auction/event-store';
import { ReadModelRebuilder } from '../infrastructure/event-sourcing/read-model-rebuilder.js';
import { buildApi } from '../test-support/api-process.js';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { bid, createLeague, nominate, type League } from '../modules/auctions/__tests__/auction-test-kit.js';
import { playFullDraft, snapshotReadModels } from '../modules/audit/__tests__/full-draft.js';
import { poolOf } from '../modules/teams/__tests__/league-test-kit.js';
import { draftActivityProjection, LeagueProjectionSet } from '../modules/drafts/index.js';
import { rebuildUnitFor } from './rebuild-units.js';
import { rebuildInShadow, REBUILD_STAGES, type RebuildStage } from './shadow-rebuild.js';

// services/api/src/rebuild → services/api
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAX_BID = 900;

let t: TestApp;
let racing: League;
let auctionId: string;
let amount = 1;

beforeAll(async () => {
  await buildApi();
  t = await startTestApp();
  await playFullDraft(t, 'rb');
  racing = await createLeague(t, { prefix: 'race', settings: { budgetPerTeam: 1000, playersPerTeam: 3 } });
  const opened = await nominate(t, racing.users[0]!.token, { draftId: racing.draftId, playerId: '9221' });
  expect(opened.status).toBe(201);
  auctionId = (opened.body.data as { auction: { _id: string } }).auction._id;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

let bids: Promise<void> = Promise.resolve();

/**
 * The next bid of the racing auction, by the team not leading; asserts the API accepted it. Bids are chained, so
 * the racer and the stage hooks never send two at once (a lower amount arriving second would be refused).
 */
function nextBid(): Promise<void> {
  const run = bids.then(async () => {
    amount += 1;
    if (amount > MAX_BID) throw new Error('the racing auction ran out of budget');
    const side = (amount + 1) % 2; // team 1 opened at $1, so team 2 bids the even amounts
    const answer = await bid(t, racing.users[side]!.token, auctionId, {
      bidAmount: amount,
      teamId: racing.teams[side]!._id,
    });
    expect(answer.status).toBe(200);
  });
  bids = run.catch(() => undefined);
  return run;
}

/** What the one-transaction, per-event rebuild (the projections' own code) makes of the log. */
async function rebuiltOneByOne(): Promise<Record<string, unknown[]>> {
  await new ReadModelRebuilder(new PostgresEventStore(poolOf(t))).rebuild([LeagueProjectionSet.all()]);
  return snapshotReadModels(t);
}

async function shadowSchemas(): Promise<string[]> {
  const { rows } = await poolOf(t).query<{ name: string }>(
    `SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, 'rebuild_') ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** Marks the live tables, so a test sees whether they were replaced (the mark gone) or not. */
async function damage(mark: number): Promise<void> {
  await poolOf(t).query('UPDATE teams SET budget_spent = $1', [mark]);
}

describe('rebuild in shadow tables, swapped in while drafts go on', () => {
  it('swaps in tables equal to live while bids race the rebuild', async () => {
    await damage(999);
    let stop = false;
    let racedBids = 0;
    const racer = (async () => {
      while (!stop) {
        await nextBid();
        racedBids += 1;
      }
    })();
    // Bids after the snapshot (the bulk pass is done) and between catch-up and swap: both paths must take them in.
    const report = await rebuildInShadow(poolOf(t), rebuildUnitFor(), {
      onStage: async (stage) => {
        if (stage === 'bulk-written' || stage === 'caught-up') for (let i = 0; i < 3; i++) await nextBid();
      },
    });
    stop = true;
    await racer;

    expect(racedBids).toBeGreaterThan(0);
    expect(report.caughtUpEvents + report.swapTailEvents).toBeGreaterThanOrEqual(6);
    expect(report.swapTailEvents).toBeGreaterThanOrEqual(3);
    const swapped = await snapshotReadModels(t);
    expect(swapped['teams']!.some((team) => (team as { budget_spent: number }).budget_spent === 999)).toBe(
      false,
    );
    expect(await rebuiltOneByOne()).toEqual(swapped);
    expect(await shadowSchemas()).toEqual([]);
    // The swapped tables are the live ones now: the inline projection keeps writing them.
    await nextBid();
    const { rows } = await poolOf(t).query<{ bid_count: number }>(
      'SELECT bid_count FROM auctions WHERE id = $1',
      [auctionId],
    );
    expect(rows[0]!.bid_count).toBe(amount);
  }, 120_000);

  it.each(REBUILD_STAGES.map((stage) => [stage]))(
    'leaves the live tables as they were when it fails at %s',
    async (stage: RebuildStage) => {
      await damage(777);
      const before = await snapshotReadModels(t);
      await expect(
        rebuildInShadow(poolOf(t), rebuildUnitFor(), {
          onStage: (reached) => {
            if (reached === stage) throw new Error(`injected failure at ${stage}`);
          },
        }),
      ).rejects.toThrow(`injected failure at ${stage}`);
      expect(await snapshotReadModels(t)).toEqual(before);
      expect(await shadowSchemas()).toEqual([]);
      await nextBid();
    },
    60_000,
  );

  it.each([['caught-up'], ['swapping']])(
    'leaves the live tables as they were when the process is killed (-9) at %s; the next rebuild cleans up',
    async (stage) => {
      await damage(555);
      const before = await snapshotReadModels(t);
      await killedAt(stage);
      expect(await snapshotReadModels(t)).toEqual(before);
      // Killed inside the swap transaction: its locks went with the connection, appends go on.
      await nextBid();
      if (stage === 'caught-up') expect(await shadowSchemas()).toHaveLength(1);
      const run = await runCli([]);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(await shadowSchemas()).toEqual([]);
      expect(await rebuiltOneByOne()).toEqual(await snapshotReadModels(t));
    },
    120_000,
  );

  it.each(LeagueProjectionSet.all().names.map((name) => [name]))(
    'rebuilds %s alone from the fold to exactly the live rows',
    async (name) => {
      const { tables } = rebuildUnitFor(name).projection;
      const rows = async () => {
        const snapshot: Record<string, unknown[]> = {};
        for (const table of tables) {
          snapshot[table] = (await poolOf(t).query(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows;
        }
        return snapshot;
      };
      const live = await rows();
      expect(Object.values(live).some((table) => table.length > 0)).toBe(true);
      for (const table of tables) await poolOf(t).query(`DELETE FROM ${table}`);
      await rebuildInShadow(poolOf(t), rebuildUnitFor(name));
      expect(await rows()).toEqual(live);
    },
    60_000,
  );

  it('rebuilds an asynchronous projection in shadow and sets its checkpoint to the swap position', async () => {
    const activity = async () =>
      (await poolOf(t).query('SELECT * FROM draft_activity ORDER BY global_position')).rows;
    await poolOf(t).query('DELETE FROM draft_activity');
    const report = await rebuildInShadow(poolOf(t), rebuildUnitFor('draft_activity'));
    expect(report.tables).toEqual(['draft_activity']);
    const rebuilt = await activity();
    expect(rebuilt.length).toBeGreaterThan(0);
    // Nothing was appending: the checkpoint is the log's last event.
    const { rows } = await poolOf(t).query<{ at_checkpoint: boolean }>(
      `SELECT (c.transaction_id, c.global_position) = (e.transaction_id, e.global_position) AS at_checkpoint
       FROM projection_checkpoints c,
            (SELECT transaction_id, global_position FROM es_events
             ORDER BY transaction_id DESC, global_position DESC LIMIT 1) e
       WHERE c.name = 'draft_activity'`,
    );
    expect(rows).toEqual([{ at_checkpoint: true }]);
    await new ReadModelRebuilder(new PostgresEventStore(poolOf(t))).rebuild([draftActivityProjection()]);
    expect(await activity()).toEqual(rebuilt);
  }, 60_000);

  it('rebuilds one named read model alone and refuses an unknown name', async () => {
    await damage(444);
    await poolOf(t).query('UPDATE picks SET cost = cost + 100');
    const before = await snapshotReadModels(t);
    const run = await runCli(['--projection', 'picks']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Rebuilt the read models \(picks\): \d+ events/);
    const after = await snapshotReadModels(t);
    // Only picks were rebuilt: the teams keep their damage.
    expect(after['teams']).toEqual(before['teams']);
    expect(after['picks']).not.toEqual(before['picks']);
    expect(after['picks']).toEqual((await rebuiltOneByOne())['picks']);

    const unknown = await runCli(['--projection', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'unknown projection nope (known: teams, drafts, draft_teams, picks, auctions)',
    );
    expect(unknown.stdout).toBe('');
  }, 60_000);
});

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startCli(args: string[], env: Record<string, string> = {}) {
  return spawn(process.execPath, ['dist/cli/rebuild-projections.js', ...args], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: t.databaseUrl, ...env },
  });
}

async function runCli(args: string[]): Promise<CliRun> {
  const child = startCli(args);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

/** Runs the CLI until it says it paused at `stage`, then kill -9s it and waits for the exit. */
async function killedAt(stage: string): Promise<void> {
  const child = startCli([], { REBUILD_PAUSE_AT: stage });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`paused at ${stage}`)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the CLI exited (${code}) before pausing: ${stderr}`)));
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}
