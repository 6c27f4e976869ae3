import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { opsFiguresSchema, ServerEvents, type OpsFiguresData } from '@auction/contracts';
import { opsSchemaSql } from '@auction/ops-figures';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { nextEvent, signedInSocket } from '../../test-support/socket-client.js';

const PUSH_MS = 300;
let t: TestApp;
let pool: pg.Pool;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { OPS_FIGURES_PUSH_MS: String(PUSH_MS) } });
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await pool?.end();
  await t?.close();
});

async function socketOf(user: TestUser): Promise<Socket> {
  const socket = await signedInSocket(t.baseUrl, user.token);
  sockets.push(socket);
  return socket;
}

async function figuresAsAdmin(): Promise<OpsFiguresData> {
  const admin = await t.loginAdmin();
  const response = await t.request<OpsFiguresData>('GET', '/api/ops/figures', { token: admin.token });
  expect(response.status).toBe(200);
  expect(response.body.message).toBe('Ops figures retrieved');
  return opsFiguresSchema.parse(response.body.data);
}

/** The ops consumer's tables with two active drafts, one completed, four bids, two auctions and a fresh lag. */
async function insertOpsRows(): Promise<void> {
  await pool.query(opsSchemaSql);
  await pool.query(`INSERT INTO ops_drafts (draft_id, status, last_position) VALUES
    ('d1', 'active', 10), ('d2', 'active', 20), ('d3', 'completed', 30)`);
  await pool.query(`INSERT INTO ops_bids (global_position, draft_id, auction_id, placed_at, ms_before_deadline, last_second)
    VALUES (1, 'd1', 'a1', now() - interval '10 seconds', 2000, true),
           (2, 'd1', 'a1', now() - interval '20 seconds', 9000, false),
           (3, 'd2', 'a2', now() - interval '30 seconds', NULL, NULL),
           (4, 'd2', 'a2', now() - interval '2 hours', 8000, false)`);
  await pool.query(`INSERT INTO ops_auctions (auction_id, draft_id, nominated_at, completed_at, duration_ms)
    VALUES ('a1', 'd1', now() - interval '1 minute', now(), 1000), ('a2', 'd2', now() - interval '1 minute', now(), 3000)`);
  await pool.query(`INSERT INTO ops_consumer_lag (topic, partition, high_watermark, committed_offset, lag, measured_at)
    VALUES ('draft-events', 0, 12, 10, 2, now()), ('draft-events', 1, 5, NULL, 5, now())`);
}

describe('GET /api/ops/figures', () => {
  it('answers 401 to anonymous callers and 403 to regular users', async () => {
    expect((await t.request('GET', '/api/ops/figures')).status).toBe(401);
    const user = await t.registerUser('opsviewer');
    const response = await t.request('GET', '/api/ops/figures', { token: user.token });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      success: false,
      message: 'Access denied. Admin role required.',
      data: null,
    });
  });

  it('answers zeros, no lag and "not running" before the ops consumer ever created its tables', async () => {
    const figures = await figuresAsAdmin();
    expect(figures).toMatchObject({
      kafkaEnabled: false,
      consumerRunning: false,
      activeDrafts: 0,
      bids: 0,
      averageAuctionLengthMs: null,
      relayLag: null,
      consumerLag: null,
    });
    expect(figures.bidsPerMinute.series).toHaveLength(30);
    expect(figures.bidsPerMinute.series.every((point) => point.bids === 0)).toBe(true);
  });

  it('serves the rows of the ops tables', async () => {
    await insertOpsRows();
    const figures = await figuresAsAdmin();
    expect(figures.consumerRunning).toBe(true);
    expect(figures.activeDrafts).toBe(2);
    expect(figures.draftsByStatus).toEqual({ active: 2, completed: 1 });
    expect(figures.bids).toBe(4);
    expect(figures.bidsPerMinute.lastMinute).toBe(3);
    expect(figures.bidsPerMinute.series.reduce((sum, point) => sum + point.bids, 0)).toBe(3);
    expect(figures.averageAuctionLengthMs).toBe(2000);
    expect(figures.completedAuctions).toBe(2);
    expect(figures.lastSecondBids).toEqual({ windowMs: 3000, count: 1, ofBids: 3, share: 1 / 3 });
    expect(figures.consumerLag?.messages).toBe(7);
  });
});

describe('opsFigures socket event', () => {
  it('reaches admin sockets every few hundred ms with the current figures, and not regular users', async () => {
    const admin = await socketOf(await t.loginAdmin());
    const user = await socketOf(await t.registerUser('opsnosy'));
    const userGot: unknown[] = [];
    user.on(ServerEvents.opsFigures, (payload: unknown) => userGot.push(payload));

    const pushed = await nextEvent<OpsFiguresData>(admin, ServerEvents.opsFigures);
    expect(opsFiguresSchema.parse(pushed).activeDrafts).toBe(2);

    await pool.query(`UPDATE ops_drafts SET status = 'completed' WHERE draft_id = 'd2'`);
    const changed = await nextEvent<OpsFiguresData>(
      admin,
      ServerEvents.opsFigures,
      (f) => f.activeDrafts === 1,
    );
    expect(changed.draftsByStatus).toEqual({ active: 1, completed: 2 });
    expect(userGot).toEqual([]);
  });
});
