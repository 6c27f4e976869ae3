import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { findSample, sampleValue, scrapeMetrics, type Sample } from '@auction/prometheus-text';
import { connectSocket, connected, nextEvent } from '../../test-support/socket-client.js';
import {
  bid,
  createLeague,
  eventually,
  nominate,
  type League,
} from '../../modules/auctions/__tests__/auction-test-kit.js';
import { poolOf } from '../../modules/teams/__tests__/league-test-kit.js';

const GIBBS = '9221';
const scrape = (baseUrl: string, token?: string) => scrapeMetrics(`${baseUrl}/metrics`, token);
const BID_ROUTE = '/api/auctions/:id/bid';

let t: TestApp;
let league: League;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // A short auction clock, so the completion timer fires within the test.
  league = await createLeague(t, { prefix: 'met', settings: { auctionTimeLimit: 5, bidTimeReset: 2 } });
});

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
});

const bidsAccepted = (samples: Sample[]) =>
  sampleValue(samples, 'commands_total', { type: 'PlaceBid', outcome: 'accepted' });
const bidRequests = (samples: Sample[], statusClass: string) =>
  sampleValue(samples, 'http_request_duration_seconds_count', {
    method: 'POST',
    route: BID_ROUTE,
    status_class: statusClass,
  });
const draftAppends = (samples: Sample[]) =>
  sampleValue(samples, 'event_append_duration_seconds_count', { stream: 'draft', outcome: 'appended' });

describe('GET /metrics', () => {
  it('answers Prometheus text at the root, outside /api, with process metrics', async () => {
    const { status, contentType, samples } = await scrape(t.baseUrl);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(findSample(samples, 'process_cpu_seconds_total')).toBeDefined();
    expect(findSample(samples, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });

  it('moves the bid command counter, the bid route’s latency histogram and the append histogram after a bid', async () => {
    const nominated = await nominate(t, league.users[0]!.token, { draftId: league.draftId, playerId: GIBBS });
    expect(nominated.status).toBe(201);
    const auctionId = nominated.body.data.auction!._id;
    const before = (await scrape(t.baseUrl)).samples;

    const placed = await bid(t, league.users[1]!.token, auctionId, {
      bidAmount: 2,
      teamId: league.teams[1]!._id,
    });
    expect(placed.status).toBe(200);
    const tooLow = await bid(t, league.users[0]!.token, auctionId, {
      bidAmount: 2,
      teamId: league.teams[0]!._id,
    });
    expect(tooLow.status).toBe(409);

    const { samples, text } = await scrape(t.baseUrl);
    expect(bidsAccepted(samples) - bidsAccepted(before)).toBe(1);
    expect(
      sampleValue(samples, 'commands_total', { type: 'PlaceBid', outcome: 'rejected_conflict' }) -
        sampleValue(before, 'commands_total', { type: 'PlaceBid', outcome: 'rejected_conflict' }),
    ).toBe(1);
    expect(
      sampleValue(samples, 'command_duration_seconds_count', { type: 'PlaceBid', outcome: 'accepted' }),
    ).toBeGreaterThan(
      sampleValue(before, 'command_duration_seconds_count', { type: 'PlaceBid', outcome: 'accepted' }),
    );
    expect(bidRequests(samples, '2xx') - bidRequests(before, '2xx')).toBe(1);
    expect(bidRequests(samples, '4xx') - bidRequests(before, '4xx')).toBe(1);
    expect(draftAppends(samples)).toBeGreaterThan(draftAppends(before));
    expect(
      sampleValue(samples, 'event_append_duration_seconds_sum', { stream: 'draft', outcome: 'appended' }),
    ).toBeGreaterThan(
      sampleValue(before, 'event_append_duration_seconds_sum', { stream: 'draft', outcome: 'appended' }),
    );
    // Route templates only: no id ever becomes a label value.
    expect(text).not.toContain(auctionId);
    expect(text).not.toContain(league.draftId);
  });

  it('observes the completion timer’s lateness once the auction clock runs out', async () => {
    const samples = await eventually(
      async () => (await scrape(t.baseUrl)).samples,
      (current) => sampleValue(current, 'timer_lateness_seconds_count', { timer: 'complete-auction' }) >= 1,
      20_000,
    );
    const lateness = sampleValue(samples, 'timer_lateness_seconds_sum', { timer: 'complete-auction' });
    // Fired after the deadline, by at least the grace period, and not absurdly late.
    expect(lateness).toBeGreaterThanOrEqual(0.1);
    expect(lateness).toBeLessThan(10);
  });

  it('counts this instance’s sockets and joined draft rooms at scrape time', async () => {
    const socket = await connected(connectSocket(t.baseUrl));
    sockets.push(socket);
    const authenticated = nextEvent(socket, 'authenticated');
    socket.emit('authenticate', league.users[0]!.token);
    await authenticated;
    const joined = nextEvent(socket, 'draftJoined');
    socket.emit('joinDraft', { draftId: league.draftId });
    await joined;

    const { samples } = await scrape(t.baseUrl);
    expect(sampleValue(samples, 'socketio_connected_sockets', { authenticated: 'true' })).toBe(1);
    expect(sampleValue(samples, 'socketio_draft_rooms')).toBe(1);
    expect(sampleValue(samples, 'socketio_draft_room_members')).toBe(1);
  });

  it('reports the inline projections with no lag, and the relay’s lag once a relay checkpoint exists', async () => {
    const first = (await scrape(t.baseUrl)).samples;
    expect(findSample(first, 'projection_lag_events', { projection: 'drafts', mode: 'inline' })?.value).toBe(
      0,
    );
    expect(findSample(first, 'projection_lag_events', { projection: 'teams', mode: 'inline' })?.value).toBe(
      0,
    );
    for (const projection of ['draft_teams', 'picks', 'auctions']) {
      expect(findSample(first, 'projection_lag_events', { projection, mode: 'inline' })?.value).toBe(0);
    }
    // The activity feed is asynchronous: never reported as inline; its real lag comes after each polling round.
    expect(
      findSample(first, 'projection_lag_events', { projection: 'draft_activity', mode: 'inline' }),
    ).toBeUndefined();
    const asyncLag = await eventually(
      async () =>
        findSample((await scrape(t.baseUrl)).samples, 'projection_lag_events', {
          projection: 'draft_activity',
          mode: 'async',
        })?.value,
      (value) => value === 0,
      // The reader waits for any open transaction on the server, other databases' included.
      50_000,
    );
    expect(asyncLag).toBe(0);
    // No relay ever ran on this database: no lag sample rather than a made-up 0.
    expect(findSample(first, 'relay_lag_events')).toBeUndefined();

    const pool = poolOf(t);
    const { rows } = await pool.query<{ n: number; head: string }>(
      'SELECT count(*)::int AS n, max(global_position) AS head FROM es_events',
    );
    // The relay's table (services/relay) with its checkpoint at the start of the log: everything is behind.
    await pool.query(`CREATE TABLE relay_checkpoints (
      name text PRIMARY KEY, transaction_id xid8 NOT NULL, global_position bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now())`);
    await pool.query(`INSERT INTO relay_checkpoints VALUES ($1, '0'::xid8, 0)`, [t.config.ops.relayName]);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the one-second read cache

    const samples = (await scrape(t.baseUrl)).samples;
    expect(sampleValue(samples, 'event_log_head_position')).toBe(Number(rows[0]!.head));
    expect(sampleValue(samples, 'relay_lag_events', { relay: t.config.ops.relayName })).toBe(rows[0]!.n);
    expect(sampleValue(samples, 'relay_lag_seconds', { relay: t.config.ops.relayName })).toBeGreaterThan(0);
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  const token = 'metrics-token-for-tests';
  let guarded: TestApp;

  beforeAll(async () => {
    guarded = await startTestApp({ env: { METRICS_TOKEN: token } });
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it('refuses a scrape without the bearer token or with another one, in the envelope, and serves it with it', async () => {
    for (const sent of [undefined, 'not-the-metrics-token']) {
      const response = await fetch(`${guarded.baseUrl}/metrics`, {
        headers: sent ? { authorization: `Bearer ${sent}` } : {},
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        success: false,
        message: 'Metrics need the METRICS_TOKEN bearer token',
        data: null,
      });
    }
    const { status, samples } = await scrape(guarded.baseUrl, token);
    expect(status).toBe(200);
    expect(findSample(samples, 'process_cpu_seconds_total')).toBeDefined();
  });
});
