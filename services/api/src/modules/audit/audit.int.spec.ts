import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  auditEventsDataSchema,
  replayDataSchema,
  verifyDataSchema,
  type AuditEvent,
  type AuditEventsData,
  type PicksData,
  type ReplayData,
  type VerifyData,
} from '@auction/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import type { League } from '../auctions/__tests__/auction-test-kit.js';
import { UNKNOWN_ID, createDraft, poolOf } from '../teams/__tests__/league-test-kit.js';
import { AUDIT_BID_KEY, GIBBS, playFullDraft } from './__tests__/full-draft.js';

let t: TestApp;
let league: League;
let outsider: TestUser;
let log: AuditEvent[];

const alice = () => league.users[0]!;
const bob = () => league.users[1]!;
const path = (suffix: string) => `/api/drafts/${league.draftId}/${suffix}`;

async function allEvents(token: string, limit: number): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const query = `limit=${limit}${after === null ? '' : `&after=${after}`}`;
    const page = await t.request<AuditEventsData>('GET', path(`events?${query}`), { token });
    expect(page.status).toBe(200);
    const data = auditEventsDataSchema.parse(page.body.data);
    events.push(...data.events);
    if (!data.hasMore) return events;
    after = data.nextAfter;
  }
}

async function replayAt(at: number | undefined, token = league.admin.token): Promise<ReplayData> {
  const response = await t.request<ReplayData>('GET', path(at === undefined ? 'replay' : `replay?at=${at}`), {
    token,
  });
  expect(response.status).toBe(200);
  return replayDataSchema.parse(response.body.data);
}

const versionOf = (type: string, nth = 0) => log.filter((event) => event.type === type)[nth]!.streamVersion;

beforeAll(async () => {
  t = await startTestApp();
  league = await playFullDraft(t, 'aud');
  outsider = await t.registerUser('aud_outsider');
  log = await allEvents(league.admin.token, 500);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/drafts/{id}/events', () => {
  it('pages through the whole stream by global position, oldest first, without gaps or repeats', async () => {
    const paged = await allEvents(alice().token, 7);
    expect(paged).toEqual(log);
    expect(log.map((event) => event.streamVersion)).toEqual(log.map((_, i) => i + 1));
    const positions = log.map((event) => BigInt(event.globalPosition));
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = await t.request<AuditEventsData>('GET', path('events?limit=7'), { token: alice().token });
    expect(first.body.data).toMatchObject({
      hasMore: true,
      total: log.length,
      nextAfter: log[6]!.globalPosition,
    });
  });

  it('names who did what: owners bid, the admin paused, the server completed; command ids and hashes', () => {
    expect(log[0]).toMatchObject({ type: 'DraftCreated', actor: { username: league.admin.user.username } });
    const bids = log.filter((event) => event.type === 'BidPlaced');
    expect(bids.map((event) => [event.actor?.username, event.data['amount']])).toEqual([
      [bob().user.username, 3],
      [alice().user.username, 4],
    ]);
    expect(bids[0]!.actor!.id).toBe(bob().user._id);
    expect(log.find((event) => event.type === 'DraftPaused')!.actor!.username).toBe(
      league.admin.user.username,
    );
    expect(log.find((event) => event.type === 'AuctionCompleted')!.actor).toBeNull();
    expect(bids.map((event) => event.commandId)).toEqual([
      null,
      `draft-${league.draftId}:${alice().user._id}:PlaceBid:${AUDIT_BID_KEY}`,
    ]);
    expect(log.every((event) => /^[0-9a-f]{64}$/.test(event.hash ?? ''))).toBe(true);
    expect(log.map((event) => event.type)).toEqual(
      expect.arrayContaining(['PickUpdated', 'PickUndone', 'DraftResumed', 'DraftCompleted']),
    );
  });

  it.each([
    ['limit=0', 'limit must be a whole number between 1 and 500'],
    ['limit=501', 'limit must be a whole number between 1 and 500'],
    ['limit=ten', 'limit must be a whole number between 1 and 500'],
    ['after=-5', 'after must be a global position (a whole number ≥ 0)'],
    ['after=abc', 'after must be a global position (a whole number ≥ 0)'],
    [
      'after=9223372036854775808',
      'after must be a global position (a whole number from 0 to 9223372036854775807)',
    ],
  ])('refuses %s with a 400 naming the rule', async (query, message) => {
    const response = await t.request('GET', path(`events?${query}`), { token: league.admin.token });
    expect({ status: response.status, message: response.body.message, data: response.body.data }).toEqual({
      status: 400,
      message,
      data: null,
    });
  });

  it('answers an empty last page after the last position', async () => {
    const response = await t.request<AuditEventsData>(
      'GET',
      path(`events?after=${log.at(-1)!.globalPosition}`),
      {
        token: alice().token,
      },
    );
    expect(response.body.data).toMatchObject({
      events: [],
      hasMore: false,
      nextAfter: null,
      total: log.length,
    });
    // Any position a log can reach is one, however far past this one's end.
    const farthest = await t.request<AuditEventsData>('GET', path('events?after=9223372036854775807'), {
      token: alice().token,
    });
    expect([farthest.status, farthest.body.data.events]).toEqual([200, []]);
  });
});

describe('GET /api/drafts/{id}/replay', () => {
  it('shows the open auction with its bids after the first bid', async () => {
    const state = await replayAt(versionOf('BidPlaced'));
    expect(state).toMatchObject({ status: 'active', at: versionOf('BidPlaced'), lastVersion: log.length });
    expect(state.event.type).toBe('BidPlaced');
    expect(state.auction).toMatchObject({
      playerId: GIBBS,
      currentBid: 3,
      currentBidder: { _id: league.teams[1]!._id },
    });
    expect(state.auction!.bids.map((b) => [b.team.name, b.amount])).toEqual([
      [league.teams[0]!.name, 1],
      [league.teams[1]!.name, 3],
    ]);
    expect(state.picks).toEqual([]);
  });

  it('is paused after the pause, and shows the sale, then the edit, then the undo', async () => {
    expect((await replayAt(versionOf('DraftPaused'))).status).toBe('paused');
    const sold = await replayAt(versionOf('PlayerSold'));
    expect(sold.auction).toBeNull();
    expect(sold.picks).toEqual([expect.objectContaining({ pickNumber: 1, playerId: GIBBS, cost: 4 })]);
    expect(sold.teams[0]!.budget).toEqual({ total: 20, spent: 4, remaining: 16, maxBid: 15 });
    const edited = await replayAt(versionOf('PickUpdated'));
    expect(edited.picks[0]).toMatchObject({ playerId: GIBBS, cost: 6 });
    const beforeUndo = await replayAt(versionOf('PickUndone') - 1);
    const afterUndo = await replayAt(versionOf('PickUndone'));
    expect(afterUndo.picks).toHaveLength(beforeUndo.picks.length - 1);
  });

  it('ends where the live read models are: completed, same picks, same budgets', async () => {
    const final = await replayAt(undefined, bob().token);
    expect(final).toMatchObject({ status: 'completed', at: log.length, lastVersion: log.length });
    const live = (await t.request<PicksData>('GET', path('picks'), { token: alice().token })).body.data.picks;
    expect(final.picks.map((p) => [p.pickId, p.pickNumber, p.playerId, p.team._id, p.cost])).toEqual(
      live.map((p) => [p._id, p.pickNumber, p.playerId, p.teamId._id, p.cost]),
    );
    const { rows } = await poolOf(t).query(
      'SELECT id, budget_total, budget_spent, player_count FROM teams WHERE id = ANY($1::uuid[])',
      [league.teams.map((team) => team._id)],
    );
    for (const entry of final.teams) {
      const row = rows.find((r) => r.id === entry.team._id);
      expect([entry.budget.total, entry.budget.spent, entry.slots.filled]).toEqual([
        row.budget_total,
        row.budget_spent,
        row.player_count,
      ]);
      expect(entry.budget.remaining).toBe(entry.budget.total - entry.budget.spent);
      expect(entry.roster).toHaveLength(3);
    }
  });

  it.each([
    ['0', 'at must be a whole number of events (a stream version, 1 or more)'],
    ['-1', 'at must be a whole number of events (a stream version, 1 or more)'],
    ['1.5', 'at must be a whole number of events (a stream version, 1 or more)'],
    ['x', 'at must be a whole number of events (a stream version, 1 or more)'],
  ])('refuses at=%s', async (at, message) => {
    const response = await t.request('GET', path(`replay?at=${at}`), { token: league.admin.token });
    expect([response.status, response.body.message]).toEqual([400, message]);
  });

  it.each([
    ['the next version', () => log.length + 1],
    ['a power of ten past 9 digits', () => 1_000_000_000],
    // Past PostgreSQL's integer (2^31 − 1), and past every number the route keeps exact (read as the largest).
    ['3,000,000,000', () => 3_000_000_000],
    ['9,007,199,254,740,991', () => Number.MAX_SAFE_INTEGER],
  ])('refuses an `at` beyond the log (%s), naming the log length', async (_what, at) => {
    const response = await t.request('GET', path(`replay?at=${at()}`), {
      token: league.admin.token,
    });
    expect([response.status, response.body.message]).toEqual([
      400,
      `at ${at()} is beyond the log: the draft has ${log.length} events (use 1 to ${log.length})`,
    ]);
  });

  it('names an `at` past every safe integer as it was sent, less its leading zeros', async () => {
    const response = await t.request('GET', path(`replay?at=000${'9'.repeat(30)}`), {
      token: league.admin.token,
    });
    expect([response.status, response.body.message]).toEqual([
      400,
      `at ${'9'.repeat(30)} is beyond the log: the draft has ${log.length} events (use 1 to ${log.length})`,
    ]);
  });
});

describe('who may audit', () => {
  it.each(['events', 'replay', 'verify', 'results.csv'])(
    '%s: 401 without a token, 403 for another league',
    async (route) => {
      expect((await t.request('GET', path(route))).status).toBe(401);
      const refused = await t.request('GET', path(route), { token: outsider.token });
      expect([refused.status, refused.body.message]).toEqual([
        403,
        'You can only audit drafts your team plays in (admins can audit every draft)',
      ]);
      // fetch, not t.request: results.csv is a file, not the JSON envelope.
      const allowed = await fetch(`${t.baseUrl}${path(route)}`, {
        headers: { Authorization: `Bearer ${bob().token}` },
      });
      expect(allowed.status).toBe(200);
    },
  );

  it.each(['events', 'replay', 'verify', 'results.csv'])(
    '%s: 404 for an unknown draft, 400 for a malformed id',
    async (route) => {
      const unknown = await t.request('GET', `/api/drafts/${UNKNOWN_ID}/${route}`, { token: outsider.token });
      expect([unknown.status, unknown.body.message]).toEqual([404, 'Draft not found']);
      expect(
        (await t.request('GET', `/api/drafts/not-a-uuid/${route}`, { token: league.admin.token })).status,
      ).toBe(400);
    },
  );
});

describe('GET /api/drafts/{id}/results.csv', () => {
  it('downloads one line per pick, by pick number, with team names', async () => {
    const response = await fetch(`${t.baseUrl}${path('results.csv')}`, {
      headers: { Authorization: `Bearer ${alice().token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="aud-draft-results\.csv"$/,
    );
    const lines = (await response.text()).split('\r\n');
    expect(lines[0]).toBe('Team,Player,Position,NFL Team,Cost,Pick Number');
    expect(lines.at(-1)).toBe('');
    const final = await replayAt(undefined);
    expect(lines.slice(1, -1)).toEqual(
      final.picks.map((p) =>
        [p.team.name, p.playerName, p.position, p.nflTeam, p.cost, p.pickNumber].join(','),
      ),
    );
  });
});

describe('a deleted draft', () => {
  it('has no results to download (404), while its log stays auditable', async () => {
    const admin = league.admin.token;
    const draft = await createDraft(t, admin, 'aud deleted draft');
    expect((await t.request('DELETE', `/api/drafts/${draft._id}`, { token: admin })).status).toBe(200);
    const csv = await t.request('GET', `/api/drafts/${draft._id}/results.csv`, { token: admin });
    expect([csv.status, csv.body.success, csv.body.message]).toEqual([404, false, 'Draft not found']);
    const replay = await t.request<ReplayData>('GET', `/api/drafts/${draft._id}/replay`, { token: admin });
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ deleted: true });
  });
});

describe('GET /api/drafts/{id}/verify', () => {
  it('answers ok with the number of events checked', async () => {
    const response = await t.request<VerifyData>('GET', path('verify'), { token: alice().token });
    expect(verifyDataSchema.parse(response.body.data)).toEqual({
      draftId: league.draftId,
      ok: true,
      events: log.length,
      brokenAt: null,
      reason: null,
    });
  });

  // Last: it rewrites the log behind the store's back.
  it('names the first event whose stored content was edited with SQL', async () => {
    const target = log.find((event) => event.type === 'BidPlaced')!;
    const client = await poolOf(t).connect();
    try {
      // The append-only trigger refuses UPDATE; replica mode skips triggers, as an attacker with DB access could.
      await client.query('BEGIN');
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(
        `UPDATE es_events SET data = jsonb_set(data, '{amount}', '1') WHERE global_position = $1::bigint`,
        [target.globalPosition],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const response = await t.request<VerifyData>('GET', path('verify'), { token: league.admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      ok: false,
      brokenAt: { streamVersion: target.streamVersion, globalPosition: target.globalPosition },
      reason: "the event's content or its predecessor's hash does not match its stored hash",
    });
    expect(response.body.message).toBe(`The event log is broken at event ${target.streamVersion}`);
  });
});
