import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { countPlayers, playerRow, poolSnapshot, syncPlayers } from './__tests__/player-sync-test-kit.js';
import { PlayerCatalogueWriter } from './catalogue/player-catalogue.writer.js';
import { loadBundledPlayers } from './providers/bundled-dataset.js';

let app: TestApp;
let pool: Pool;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  pool = app.app.get<Pool>(PG_POOL);
  admin = await app.loginAdmin();
});

afterAll(async () => {
  await app?.close();
});

describe('POST /api/players/sync with the bundled dataset', () => {
  it('is for admins only', async () => {
    const user = await app.registerUser('sync_user');
    const forbidden = await syncPlayers(app, user.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({
      success: false,
      message: 'Access denied. Admin role required.',
      data: null,
    });
    expect((await app.request('POST', '/api/players/sync')).status).toBe(401);
    expect(await countPlayers(pool)).toBe(0);
  });

  it('inserts the 573 players with their catalogue data and fresh draft state', async () => {
    const response = await syncPlayers(app, admin.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Player sync completed',
      data: {
        jobId: expect.stringMatching(/^sync-/),
        status: 'completed',
        provider: 'bundled',
        updatedPlayers: 573,
        inserted: 573,
        durationMs: expect.any(Number),
      },
    });
    expect(await countPlayers(pool)).toBe(573);

    expect(await playerRow(pool, '9509')).toMatchObject({
      provider: 'sleeper',
      name: 'Bijan Robinson',
      search_name: 'bijan robinson',
      position: 'RB',
      team: 'ATL',
      jersey_number: 7,
      age: 24,
      status: 'Active',
      injury_status: null,
      projected_points: 324.9,
      adp: 1.8,
      auction_value: 63.31,
      synced_at: expect.any(Date),
    });
    expect(await playerRow(pool, 'SEA')).toMatchObject({
      name: 'Seattle Seahawks',
      position: 'DEF',
      team: 'SEA',
      jersey_number: null,
      age: null,
      status: null,
      injury_status: null,
      projected_points: 103,
      adp: 83.1,
      auction_value: null,
    });
    expect(await playerRow(pool, '13357')).toMatchObject({
      name: 'Lance Mason',
      jersey_number: 45,
      age: null,
      injury_status: null,
      adp: null,
    });
    expect(await playerRow(pool, '9493')).toMatchObject({
      name: 'Puka Nacua',
      injury_status: 'Questionable',
    });
    expect(await playerRow(pool, '7564')).toMatchObject({
      name: "Ja'Marr Chase",
      search_name: 'jamarr chase',
    });

    const { rows: runs } = await pool.query(
      `SELECT job_id, provider, status, inserted, updated, total, error, finished_at FROM player_sync_runs`,
    );
    expect(runs).toEqual([
      {
        job_id: response.body.data!.jobId,
        provider: 'bundled',
        status: 'completed',
        inserted: 573,
        updated: 0,
        total: 573,
        error: null,
        finished_at: expect.any(Date),
      },
    ]);
  });

  it('changes nothing on a second sync and repairs drifted catalogue data', async () => {
    await pool.query(`UPDATE players SET team = 'XXX', name = 'Wrong Name' WHERE provider_id = '4984'`);
    const untouched = await playerRow(pool, '9221');

    const repaired = await syncPlayers(app, admin.token);
    expect(repaired.status).toBe(200);
    // updatedPlayers counts every player written; the run records how many really changed.
    expect(repaired.body.data).toMatchObject({ status: 'completed', updatedPlayers: 573, inserted: 0 });
    expect(await lastRun(repaired.body.data!.jobId)).toEqual({ inserted: 0, updated: 1, total: 573 });
    expect(await playerRow(pool, '4984')).toMatchObject({
      name: 'Josh Allen',
      search_name: 'josh allen',
      team: 'BUF',
    });
    const after = await playerRow(pool, '9221');
    expect(after['updated_at']).toEqual(untouched['updated_at']);
    expect((after['synced_at'] as Date).getTime()).toBeGreaterThan(
      (untouched['synced_at'] as Date).getTime(),
    );

    const before = await poolSnapshot(pool);
    const again = await syncPlayers(app, admin.token);
    expect(again.body.data).toMatchObject({ status: 'completed', updatedPlayers: 573, inserted: 0 });
    expect(await lastRun(again.body.data!.jobId)).toEqual({ inserted: 0, updated: 0, total: 573 });
    const strip = (rows: unknown[]) =>
      rows.map((row) => ({ ...(row as Record<string, unknown>), synced_at: undefined }));
    expect(strip(await poolSnapshot(pool))).toEqual(strip(before));
    expect(await countPlayers(pool)).toBe(573);
  });

  it('writes all batches in one transaction: a failure in the last batch leaves the pool untouched', async () => {
    const before = await poolSnapshot(pool);
    const players = (await loadBundledPlayers()).map((player) => ({ ...player, name: `${player.name} X` }));
    // Past validation on purpose (the writer trusts its caller): the CHECK constraint fails in the third batch.
    players[450] = { ...players[450]!, position: 'LB' as 'QB' };
    await expect(app.app.get(PlayerCatalogueWriter).upsert(players)).rejects.toThrow(
      /players_position_check/,
    );
    expect(await poolSnapshot(pool)).toEqual(before);
  });
});

async function lastRun(jobId: string): Promise<unknown> {
  const { rows } = await pool.query(
    `SELECT inserted, updated, total FROM player_sync_runs WHERE job_id = $1`,
    [jobId],
  );
  return rows[0];
}

describe('the start-up seed', () => {
  it('loads the bundled pool into an empty table with SEED_DEMO, once', async () => {
    const seeded = await startTestApp({ env: { SEED_DEMO: 'true' } });
    try {
      const seededPool = seeded.app.get<Pool>(PG_POOL);
      expect(await countPlayers(seededPool)).toBe(573);
      expect(await playerRow(seededPool, '9509')).toMatchObject({ name: 'Bijan Robinson', adp: 1.8 });
      const { rows } = await seededPool.query(
        `SELECT job_id, provider, status, inserted FROM player_sync_runs`,
      );
      expect(rows).toEqual([{ job_id: null, provider: 'bundled', status: 'completed', inserted: 573 }]);

      // A second instance on the same database finds players and loads nothing.
      const second = await startTestApp({ shareDatabaseWith: seeded, env: { SEED_DEMO: 'true' } });
      await second.close();
      const { rows: after } = await seededPool.query(`SELECT count(*)::int AS runs FROM player_sync_runs`);
      expect(after).toEqual([{ runs: 1 }]);
    } finally {
      await seeded.close();
    }
  });

  it('loads nothing without SEED_DEMO', async () => {
    const plain = await startTestApp();
    try {
      expect(await countPlayers(plain.app.get<Pool>(PG_POOL))).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
