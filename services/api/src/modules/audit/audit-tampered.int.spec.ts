import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditEventsData, ReplayData, VerifyData } from '@auction/contracts';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { bid, createLeague, nominate, type League } from '../auctions/__tests__/auction-test-kit.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { GIBBS } from './__tests__/full-draft.js';

// Tampered logs (rows changed with SQL behind the append-only trigger): verify names where the chain breaks, and
// the audit's other reads answer what they can, or say which event they cannot read; never a 500.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A started 2-team draft with one auction and a bid: a few events. */
async function draftWithABid(prefix: string): Promise<League> {
  const league = await createLeague(t, { prefix, settings: { auctionTimeLimit: 600, bidTimeReset: 600 } });
  const opened = await nominate(t, league.users[0]!.token, { draftId: league.draftId, playerId: GIBBS });
  expect(opened.status).toBe(201);
  const placed = await bid(t, league.users[1]!.token, opened.body.data.auction!._id, {
    bidAmount: 2,
    teamId: league.teams[1]!._id,
  });
  expect(placed.status).toBe(200);
  return league;
}

/** Runs `sql` on the draft's stream ($1) with triggers off, as someone with database access could. */
async function tamper(draftId: string, sql: string, params: unknown[] = []): Promise<void> {
  const client = await poolOf(t).connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(sql, [`draft-${draftId}`, ...params]);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

async function lastVersion(draftId: string): Promise<number> {
  const { rows } = await poolOf(t).query<{ version: number }>(
    'SELECT version FROM es_streams WHERE stream_id = $1',
    [`draft-${draftId}`],
  );
  return rows[0]!.version;
}

describe('a log with its last event deleted', () => {
  it('verifies as broken there, and its replay and results say that event is missing (409, not 500)', async () => {
    const league = await draftWithABid('tmplast');
    const last = await lastVersion(league.draftId);
    await tamper(league.draftId, 'DELETE FROM es_events WHERE stream_id = $1 AND stream_version = $2', [
      last,
    ]);
    const token = league.admin.token;
    const path = (suffix: string) => `/api/drafts/${league.draftId}/${suffix}`;

    const verify = await t.request<VerifyData>('GET', path('verify'), { token });
    expect([verify.status, verify.body.data]).toMatchObject([
      200,
      { ok: false, brokenAt: { streamVersion: last } },
    ]);
    const missing = `Event ${last} is missing from this draft's log: it was changed outside the application (verify says where)`;
    for (const suffix of ['replay', `replay?at=${last}`, 'results.csv']) {
      const response = await t.request('GET', path(suffix), { token });
      expect([suffix, response.status, response.body.message]).toEqual([suffix, 409, missing]);
    }
    const before = await t.request<ReplayData>('GET', path(`replay?at=${last - 1}`), { token });
    expect(before.status).toBe(200);
  });
});

describe("a log with a team's private event rewritten to something else than an object", () => {
  it('still pages for other owners, without showing what the event held', async () => {
    const league = await draftWithABid('tmppriv');
    const { rows: auctions } = await poolOf(t).query<{ id: string }>(
      `SELECT data->>'auctionId' AS id FROM es_events WHERE stream_id = $1 AND type = 'PlayerNominated'`,
      [`draft-${league.draftId}`],
    );
    const set = await t.request('PUT', `/api/auctions/${auctions[0]!.id}/proxy`, {
      token: league.users[0]!.token,
      body: { teamId: league.teams[0]!._id, maxBid: 9 },
    });
    expect(set.status).toBe(200);
    await tamper(
      league.draftId,
      `UPDATE es_events SET data = 'null' WHERE stream_id = $1 AND type = 'ProxyBidSet'`,
    );
    const events = await t.request<AuditEventsData>('GET', `/api/drafts/${league.draftId}/events?limit=500`, {
      token: league.users[1]!.token,
    });
    expect(events.status).toBe(200);
    expect(events.body.data.events.find((event) => event.type === 'ProxyBidSet')).toMatchObject({
      data: { maxBid: null },
      hash: null,
    });
  });
});

describe('a log with an event deleted in the middle', () => {
  it('does not replay past the gap as if the event had never been: it names the missing event', async () => {
    const league = await draftWithABid('tmpmid');
    const { rows } = await poolOf(t).query<{ v: number }>(
      `SELECT stream_version AS v FROM es_events WHERE stream_id = $1 AND type = 'DraftTeamsAssigned'`,
      [`draft-${league.draftId}`],
    );
    const assigned = rows[0]!.v;
    await tamper(league.draftId, 'DELETE FROM es_events WHERE stream_id = $1 AND stream_version = $2', [
      assigned,
    ]);
    const token = league.admin.token;
    const path = (suffix: string) => `/api/drafts/${league.draftId}/${suffix}`;
    const missing = `Event ${assigned} is missing from this draft's log: it was changed outside the application (verify says where)`;
    for (const suffix of ['replay', `replay?at=${assigned + 1}`, 'results.csv']) {
      const response = await t.request('GET', path(suffix), { token });
      expect([suffix, response.status, response.body.message]).toEqual([suffix, 409, missing]);
    }
    const before = await t.request<ReplayData>('GET', path(`replay?at=${assigned - 1}`), { token });
    expect(before.status).toBe(200);
  });
});

describe('a log with an event whose data or metadata was rewritten', () => {
  it('shows the rows as stored, replays up to the event before, and names the event it cannot read', async () => {
    const league = await draftWithABid('tmpdata');
    const { rows } = await poolOf(t).query<{ v: number }>(
      `SELECT stream_version AS v FROM es_events WHERE stream_id = $1 AND type = 'DraftStarted'`,
      [`draft-${league.draftId}`],
    );
    const started = rows[0]!.v;
    await tamper(
      league.draftId,
      `UPDATE es_events SET data = '{}', metadata = 'null' WHERE stream_id = $1 AND stream_version = $2`,
      [started],
    );
    const path = (suffix: string) => `/api/drafts/${league.draftId}/${suffix}`;
    for (const token of [league.admin.token, league.users[0]!.token]) {
      const events = await t.request<AuditEventsData>('GET', path('events?limit=500'), { token });
      expect(events.status).toBe(200);
      expect(events.body.data.events.find((event) => event.streamVersion === started)).toMatchObject({
        type: 'DraftStarted',
        data: {},
        actor: null,
        commandId: null,
      });
      const replay = await t.request('GET', path('replay'), { token });
      expect([replay.status, replay.body.message]).toEqual([
        409,
        `Event ${started} of this draft's log (DraftStarted) cannot be read: it was changed outside the application (verify says where)`,
      ]);
      const before = await t.request<ReplayData>('GET', path(`replay?at=${started - 1}`), { token });
      expect(before.status).toBe(200);
      const verify = await t.request<VerifyData>('GET', path('verify'), { token });
      expect(verify.body.data).toMatchObject({ ok: false, brokenAt: { streamVersion: started } });
    }
  });
});
