import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { draftActivityDataSchema, type DraftActivityData, type StatusData } from '@auction/contracts';
import { PostgresEventStore, readAllIn, START, type RecordedEvent } from '@auction/event-store';
import type { Pool } from 'pg';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { eventually, type League } from '../../modules/auctions/__tests__/auction-test-kit.js';
import { playFullDraft } from '../../modules/audit/__tests__/full-draft.js';
import { draftActivityProjection } from '../../modules/drafts/index.js';
import { createDraft, poolOf, UNKNOWN_ID } from '../../modules/teams/__tests__/league-test-kit.js';
import { AsyncProjectionRunner } from './async-projection-runner.js';

/** The event types the activity feed keeps (draft-activity.projection.ts). */
const FEED_TYPES = [
  'DraftCreated',
  'DraftStarted',
  'PlayerSold',
  'KeeperAdded',
  'KeeperRemoved',
  'PickUpdated',
  'PickUndone',
  'DraftPaused',
  'DraftResumed',
  'DraftCompleted',
  'DraftReopened',
  'DraftDeleted',
];

let t: TestApp;
let pool: Pool;
let league: League;
const projection = draftActivityProjection();
const runnerWith = (batchSize: number) =>
  new AsyncProjectionRunner(pool, [projection], { batchSize, pollMs: 20 }, (_name, error) => {
    throw error;
  });

/** The feed's positions as the log says they must be: one per kept event of a draft stream. */
async function expectedPositions(): Promise<string[]> {
  const { rows } = await pool.query<{ p: string }>(
    `SELECT global_position::text AS p FROM es_events
     WHERE stream_id LIKE 'draft-%' AND type = ANY($1::text[]) ORDER BY global_position`,
    [FEED_TYPES],
  );
  return rows.map((row) => row.p);
}

async function feedPositions(): Promise<string[]> {
  const { rows } = await pool.query<{ p: string }>(
    'SELECT global_position::text AS p FROM draft_activity ORDER BY global_position',
  );
  return rows.map((row) => row.p);
}

async function checkpoint(): Promise<{ transaction_id: string; global_position: string } | undefined> {
  const { rows } = await pool.query(
    `SELECT transaction_id::text AS transaction_id, global_position::text AS global_position
     FROM projection_checkpoints WHERE name = 'draft_activity'`,
  );
  return rows[0];
}

/**
 * The gap-safe reader stops below the server's oldest open transaction, in any database (docs/architecture.md):
 * on a shared server another session's long transaction holds every async projection back. Wait until the whole
 * log is readable, so the assertions below are about the runner and not about the neighbours.
 */
async function untilLogReadable(): Promise<void> {
  const total = async () => Number((await pool.query('SELECT count(*) FROM es_events')).rows[0].count);
  await eventually(
    async () => (await readAllIn(pool, START, 100_000)).events.length - (await total()),
    (unreadable) => unreadable === 0,
    50_000,
  );
}

beforeAll(async () => {
  // The app's own runner is off: this file drives the runner itself.
  t = await startTestApp({ env: { ASYNC_PROJECTION_POLL_MS: '0' } });
  pool = poolOf(t);
  league = await playFullDraft(t, 'apr');
  await untilLogReadable();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('AsyncProjectionRunner', () => {
  it('applies one batch per step and saves the checkpoint of its last event with it', async () => {
    const runner = runnerWith(5);
    const before = (await runner.lag())[0]!;
    const total = Number((await pool.query('SELECT count(*) FROM es_events')).rows[0].count);
    expect(before).toEqual({ name: 'draft_activity', position: 0, lag: total });
    expect(await checkpoint()).toBeUndefined();

    expect(await runner.step(projection)).toBe(5);
    const firstFive = await readAllIn(pool, START, 5);
    expect(await checkpoint()).toEqual({
      transaction_id: firstFive.checkpoint.transactionId,
      global_position: String(firstFive.checkpoint.globalPosition),
    });
    expect((await runner.lag())[0]).toEqual({
      name: 'draft_activity',
      position: firstFive.checkpoint.globalPosition,
      lag: total - 5,
    });

    const steps = jest.spyOn(runner, 'step');
    expect(await runner.catchUp(projection)).toBe(total - 5);
    // Full pages, then the short one that ends it (an empty step only when the rest fills whole pages).
    expect(steps).toHaveBeenCalledTimes(Math.floor((total - 5) / 5) + 1);
    expect((await runner.lag())[0]!.lag).toBe(0);
    expect(await feedPositions()).toEqual(await expectedPositions());
    expect(await runner.step(projection)).toBe(0);
  });

  it('is idempotent by position: a batch applied again, or the whole log from the start, adds no row', async () => {
    const rowsBefore = (await pool.query('SELECT * FROM draft_activity ORDER BY global_position')).rows;
    expect(rowsBefore.length).toBeGreaterThan(5);
    const all: RecordedEvent[] = (await readAllIn(pool, START, 10_000)).events;
    await t.app.get(PostgresEventStore).withTransaction((tx) => projection.apply(all.slice(0, 40), tx));
    await pool.query(`DELETE FROM projection_checkpoints WHERE name = 'draft_activity'`);
    expect(await runnerWith(7).catchUp(projection)).toBe(all.length);
    expect((await pool.query('SELECT * FROM draft_activity ORDER BY global_position')).rows).toEqual(
      rowsBefore,
    );
  });

  it('lets one process at a time run a projection (advisory lock): the others skip', async () => {
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('async-projection:draft_activity'))`);
      expect(await runnerWith(5).step(projection)).toBeNull();
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect(await runnerWith(5).step(projection)).toBe(0);
  });

  it('reports lag on /api/status and the ops figures, and polls it back to 0', async () => {
    const admin = { token: league.admin.token };
    await createDraft(t, league.admin.token, 'Lagging');
    const status = async () => (await t.request<StatusData>('GET', '/api/status')).body.data.projections;
    const lagging = await status();
    // The new draft's DraftCreated, not applied yet: nothing runs the projection in this app.
    expect(lagging).toEqual([{ name: 'draft_activity', position: expect.any(Number), lag: 1 }]);
    const figures = await t.request<{ projectionLag: StatusData['projections'] }>(
      'GET',
      '/api/ops/figures',
      admin,
    );
    expect(figures.body.data.projectionLag).toEqual(lagging);

    await untilLogReadable();
    const runner = runnerWith(100);
    runner.start();
    try {
      await eventually(status, (now) => now[0]!.lag === 0, 50_000);
    } finally {
      await runner.stop();
    }
    expect(await feedPositions()).toEqual(await expectedPositions());
  });

  it('serves the feed at GET /api/drafts/{id}/activity, newest first, with its lag; bad input is a 4xx', async () => {
    const user = { token: league.users[0]!.token };
    const response = await t.request<DraftActivityData>(
      'GET',
      `/api/drafts/${league.draftId}/activity?limit=3`,
      user,
    );
    expect(response.status).toBe(200);
    const data = draftActivityDataSchema.parse(response.body.data);
    expect(data.lag).toBe(0);
    expect(data.entries).toHaveLength(3);
    expect(data.entries[0]!.kind).toBe('completed');
    const versions = data.entries.map((entry) => entry.version);
    expect(versions).toEqual([...versions].sort((a, b) => b - a));
    const all = await t.request<DraftActivityData>(
      'GET',
      `/api/drafts/${league.draftId}/activity?limit=200`,
      user,
    );
    const kinds = all.body.data.entries.map((entry) => entry.kind);
    expect(kinds.at(-1)).toBe('created');
    expect(kinds).toEqual(
      expect.arrayContaining(['started', 'sold', 'pick_updated', 'pick_undone', 'paused']),
    );
    const sale = all.body.data.entries.find((entry) => entry.kind === 'sold')!;
    expect(sale.playerName).toEqual(expect.any(String));
    expect(sale.amount).toBeGreaterThan(0);

    const bad = await t.request('GET', `/api/drafts/${league.draftId}/activity?limit=0`, user);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      message: expect.stringContaining('limit must be a whole number'),
    });
    expect((await t.request('GET', `/api/drafts/${UNKNOWN_ID}/activity`, user)).status).toBe(404);
    expect((await t.request('GET', '/api/drafts/not-a-uuid/activity', user)).status).toBe(400);
    expect((await t.request('GET', `/api/drafts/${league.draftId}/activity`)).status).toBe(401);
  });
});
