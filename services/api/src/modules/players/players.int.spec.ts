import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  PLAYER_POSITIONS,
  playerDataSchema,
  playerStatsSummarySchema,
  playerUpdatedSchema,
  ServerEvents,
  unstorableTextMessage,
  type Draft,
  type Player,
  type PlayerData,
  type PlayerStatsSummary,
  type Team,
} from '@auction/contracts';
import type { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import { INVALID_PATH_ENCODING_MESSAGE } from '../../common/http/exception-mapping.js';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { connectSocket, connected, nextEvent } from '../../test-support/socket-client.js';
import { LeagueReadModelsRebuilder } from '../drafts/index.js';
import {
  assignTeams,
  createDraft,
  createTeam,
  poolOf,
  snapshotLeague,
  UNKNOWN_ID,
} from '../teams/__tests__/league-test-kit.js';
import {
  expectRefused,
  getPlayers,
  loadBundledPool,
  pickOf,
  sellPlayers,
} from './__tests__/player-test-kit.js';

let t: TestApp;
let pool: Pool;
let admin: TestUser;
let user: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  pool = poolOf(t);
  admin = await t.loginAdmin();
  user = await t.registerUser('reader');
  await loadBundledPool(t);
});

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t?.close();
});

const getPlayer = async (path: string): Promise<Player> => {
  const response = await t.request<PlayerData>('GET', path, { token: user.token });
  expect(response.status).toBe(200);
  return playerDataSchema.parse(response.body.data).player;
};
const byProviderId = (providerId: string) => getPlayer(`/api/players/sleeper/${providerId}`);
const count = async (sql: string, values: unknown[] = []): Promise<number> =>
  (await pool.query<{ n: number }>(sql, values)).rows[0]!.n;

describe('reading one player', () => {
  it('reads a player by id and by provider id (the id picks use)', async () => {
    const bijan = await byProviderId('9509');
    expect(bijan).toMatchObject({
      provider: 'sleeper',
      providerId: '9509',
      playerId: '9509',
      name: 'Bijan Robinson',
      position: 'RB',
      team: 'ATL',
      jerseyNumber: 7,
      isDrafted: false,
      cost: null,
    });
    expect(typeof bijan.projectedPoints).toBe('number');
    expect(typeof bijan.adp).toBe('number');
    expect(typeof bijan.auctionValue).toBe('number');
    expect(await getPlayer(`/api/players/${bijan._id}`)).toEqual(bijan);
  });

  it('answers 400 for an id that is not a UUID, 404 for an unknown one, changing nothing', async () => {
    for (const id of ['12', 'not-an-id', "1'%20OR%201=1"]) {
      await expectRefused(
        t,
        () => t.request('GET', `/api/players/${id}`, { token: user.token }),
        400,
        'Invalid id',
      );
    }
    await expectRefused(
      t,
      () => t.request('GET', `/api/players/${UNKNOWN_ID}`, { token: user.token }),
      404,
      'Player not found',
    );
  });

  it('answers 404 for an unknown provider or provider id', async () => {
    for (const path of ['sleeper/0', 'espn/9509', 'sleeper/9509x', `sleeper/${'9'.repeat(300)}`]) {
      await expectRefused(
        t,
        () => t.request('GET', `/api/players/${path}`, { token: user.token }),
        404,
        'Player not found',
      );
    }
  });

  it('answers 400 naming the parameter for a NUL or an unpaired surrogate (never a 500)', async () => {
    const cases: Array<[string, string]> = [
      ['sleeper/12a%00b', 'playerId'],
      ['sl%00eeper/9509', 'provider'],
      // An unpaired surrogate has no UTF-8 form: encoded as its three bytes, the router cannot decode it.
      ['sleeper/%ED%A0%80', INVALID_PATH_ENCODING_MESSAGE],
    ];
    for (const [path, named] of cases) {
      await expectRefused(
        t,
        () => t.request('GET', `/api/players/${path}`, { token: user.token }),
        400,
        named === INVALID_PATH_ENCODING_MESSAGE ? named : unstorableTextMessage(named),
      );
    }
  });

  it('needs a logged-in user', async () => {
    await expectRefused(
      t,
      () => t.request('GET', '/api/players/sleeper/9509'),
      401,
      'Authentication required',
    );
  });
});

describe('listing players', () => {
  it('lists 20 by default, best ADP first (none last), then projected points, with the total', async () => {
    const { players, total } = await getPlayers(t, user.token, '/api/players');
    expect(total).toBe(573);
    expect(players).toHaveLength(20);
    const { rows } = await pool.query<{ provider_id: string }>(
      `SELECT provider_id FROM players ORDER BY adp ASC NULLS LAST, projected_points DESC NULLS LAST, name, id LIMIT 20`,
    );
    expect(players.map((p) => p.providerId)).toEqual(rows.map((row) => row.provider_id));
    expect(players[0]!.adp).toBeLessThanOrEqual(players[19]!.adp!);
  });

  it('pages with limit and offset, past the end too', async () => {
    const first = await getPlayers(t, user.token, '/api/players?limit=50');
    const second = await getPlayers(t, user.token, '/api/players?limit=50&offset=50');
    expect(first.players).toHaveLength(50);
    expect(second.players).toHaveLength(50);
    expect(new Set([...first.players, ...second.players].map((p) => p._id)).size).toBe(100);
    const last = await getPlayers(t, user.token, '/api/players?limit=100&offset=500');
    expect(last).toMatchObject({ total: 573 });
    expect(last.players).toHaveLength(73);
    expect(await getPlayers(t, user.token, '/api/players?offset=5000')).toEqual({ players: [], total: 573 });
    // Leading zeros are no part of a count, however many: this is limit=2, offset=50.
    const zeros = '0'.repeat(30);
    const padded = await getPlayers(t, user.token, `/api/players?limit=${zeros}2&offset=${zeros}50`);
    expect(padded.players.map((p) => p._id)).toEqual(second.players.slice(0, 2).map((p) => p._id));
    // Players without an ADP come last.
    expect(last.players.at(-1)!.adp).toBeNull();
  });

  it('lists one position, by path or by filter', async () => {
    for (const position of PLAYER_POSITIONS) {
      const { players, total = -1 } = await getPlayers(
        t,
        user.token,
        `/api/players/position/${position}?limit=100`,
      );
      expect(total).toBe(
        await count('SELECT count(*)::int AS n FROM players WHERE position = $1', [position]),
      );
      expect(players.length).toBe(Math.min(100, total));
      expect(players.every((p) => p.position === position)).toBe(true);
      expect(await getPlayers(t, user.token, `/api/players?position=${position}&limit=100`)).toEqual({
        players,
        total,
      });
    }
    expect((await getPlayers(t, user.token, '/api/players/position/QB?limit=1')).players[0]!.name).toBe(
      (await getPlayers(t, user.token, '/api/players/position/QB')).players[0]!.name,
    );
  });

  it('refuses an unknown position, bad limits and offsets with a clear 400, changing nothing', async () => {
    for (const position of ['XX', 'qb', 'DST', '%20']) {
      await expectRefused(
        t,
        () => t.request('GET', `/api/players/position/${position}`, { token: user.token }),
        400,
        'Position must be one of QB, RB, WR, TE, K, DEF',
      );
    }
    for (const path of ['/api/players', '/api/players/position/QB', `/api/players/team/${UNKNOWN_ID}`]) {
      // Digits only: Number() would read 1e1, 0x10, ' 5' and an empty value as counts.
      for (const limit of ['0', '-1', '101', 'abc', '1e1', '0x10', '%205', '', '9'.repeat(40)]) {
        await expectRefused(
          t,
          () => t.request('GET', `${path}?limit=${limit}`, { token: user.token }),
          400,
          'limit must be a whole number between 1 and 100',
        );
      }
      for (const offset of ['-1', 'x', '0.5', '100001']) {
        await expectRefused(
          t,
          () => t.request('GET', `${path}?offset=${offset}`, { token: user.token }),
          400,
          'offset must be a whole number between 0 and 100000',
        );
      }
    }
    await expectRefused(
      t,
      () => t.request('GET', '/api/players?available=1', { token: user.token }),
      400,
      'available must be true or false',
    );
  });
});

describe('route order', () => {
  it('serves the fixed paths, not /players/:id or /players/:provider/:providerId', async () => {
    const searched = await t.request('GET', '/api/players/search?q=bijan', { token: user.token });
    expect(searched.status).toBe(200);
    expect(searched.body.message).toBe('Players retrieved successfully');
    expect((await t.request('GET', '/api/players/search', { token: user.token })).body.message).toBe(
      'Search query is required',
    );
    const stats = await t.request('GET', '/api/players/stats/summary', { token: user.token });
    expect(stats.status).toBe(200);
    expect(playerStatsSummarySchema.safeParse(stats.body.data).success).toBe(true);
    const position = await t.request('GET', '/api/players/position/K', { token: user.token });
    expect(position.status).toBe(200);
    expect((await t.request('GET', '/api/players/position/XX', { token: user.token })).body.message).toBe(
      'Position must be one of QB, RB, WR, TE, K, DEF',
    );
    expect(
      (await t.request('GET', `/api/players/team/${UNKNOWN_ID}`, { token: user.token })).body.message,
    ).toBe('Team not found');
    expect((await t.request('GET', '/api/players/team/oops', { token: user.token })).body.message).toBe(
      'Invalid id',
    );
    // What is neither falls through to the parameter routes.
    expect((await t.request('GET', '/api/players/stats', { token: user.token })).body.message).toBe(
      'Invalid id',
    );
    expect((await t.request('GET', '/api/players/stats/other', { token: user.token })).status).toBe(404);
    expect((await byProviderId('9509')).name).toBe('Bijan Robinson');
  });
});

describe('draft state and the players drafted by a team', () => {
  let gurus: Team;
  let blitz: Team;
  let draft: Draft;
  const bought: Player[] = [];

  beforeAll(async () => {
    gurus = await createTeam(t, admin.token, 'Gridiron Gurus', 1);
    blitz = await createTeam(t, admin.token, 'Blitz Brigade', 2);
    draft = await createDraft(t, admin.token, 'Reading League');
    await assignTeams(t, admin.token, draft._id, [gurus._id, blitz._id]);
    for (const providerId of ['9509', '4046', '7564']) bought.push(await byProviderId(providerId));
    await sellPlayers(t, draft._id, [
      pickOf(bought[0]!, 1, gurus._id, 55),
      pickOf(bought[1]!, 2, blitz._id, 40),
      pickOf(bought[2]!, 3, gurus._id, 62),
    ]);
  });

  it('marks sold players drafted by their team, in their draft, for their cost', async () => {
    expect(await getPlayer(`/api/players/${bought[0]!._id}?draftId=${draft._id}`)).toMatchObject({
      isDrafted: true,
      cost: 55,
      draftedByTeamId: gurus._id,
      draftId: draft._id,
    });
  });

  it('refuses a draftId that is not an id (400) or names no draft (404)', async () => {
    for (const path of [`/api/players/${bought[0]!._id}`, '/api/players', '/api/players/stats/summary']) {
      await expectRefused(
        t,
        () => t.request('GET', `${path}?draftId=nope`, { token: user.token }),
        400,
        'Invalid id',
      );
      await expectRefused(
        t,
        () => t.request('GET', `${path}?draftId=${UNKNOWN_ID}`, { token: user.token }),
        404,
        'Draft not found',
      );
    }
  });

  it('refuses a known query parameter sent with brackets or twice, instead of answering for a default', async () => {
    const refusals: [string, string][] = [
      ['draftId[]=1', 'draftId[] is not accepted: send draftId=value'],
      [`draftId[]=${draft._id}`, 'draftId[] is not accepted: send draftId=value'],
      ['limit[a]=1', 'limit[a] is not accepted: send limit=value'],
      [`draftId=${draft._id}&draftId=${draft._id}`, 'draftId must be sent only once'],
      ['limit=1&limit=1', 'limit must be sent only once'],
    ];
    for (const [query, message] of refusals) {
      await expectRefused(
        t,
        () => t.request('GET', `/api/players?${query}`, { token: user.token }),
        400,
        message,
      );
    }
    // Names no endpoint reads stay ignored, repeated or bracketed.
    const ignored = await t.request('GET', '/api/players?limit=1&_=1&_=2&other[a]=1', { token: user.token });
    expect([ignored.status, (ignored.body.data as { players: unknown[] }).players.length]).toEqual([200, 1]);
  });

  it("lists a team's players by cost, most expensive first", async () => {
    const { players, total } = await getPlayers(t, user.token, `/api/players/team/${gurus._id}`);
    expect(total).toBe(2);
    expect(players.map((p) => [p.name, p.cost])).toEqual([
      [bought[2]!.name, 62],
      [bought[0]!.name, 55],
    ]);
    expect(
      (await getPlayers(t, user.token, `/api/players/team/${blitz._id}?position=QB`)).players,
    ).toHaveLength(bought[1]!.position === 'QB' ? 1 : 0);
    const lonely = await createTeam(t, admin.token, 'Lonely Lions', 3);
    expect(await getPlayers(t, user.token, `/api/players/team/${lonely._id}`)).toEqual({
      players: [],
      total: 0,
    });
  });

  it('answers 404 "Team not found" for an unknown or deleted team', async () => {
    await expectRefused(
      t,
      () => t.request('GET', `/api/players/team/${UNKNOWN_ID}`, { token: user.token }),
      404,
      'Team not found',
    );
    const doomed = await createTeam(t, admin.token, 'Doomed Dolphins', 4);
    expect((await t.request('DELETE', `/api/teams/${doomed._id}`, { token: admin.token })).status).toBe(200);
    await expectRefused(
      t,
      () => t.request('GET', `/api/players/team/${doomed._id}`, { token: user.token }),
      404,
      'Team not found',
    );
  });

  it("counts the draft's drafted players in the stats, matching the table", async () => {
    const response = await t.request<PlayerStatsSummary>(
      'GET',
      `/api/players/stats/summary?draftId=${draft._id}`,
      { token: user.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Player stats retrieved successfully');
    const stats = playerStatsSummarySchema.parse(response.body.data);
    const drafted = await count('SELECT count(*)::int AS n FROM picks WHERE draft_id = $1', [draft._id]);
    expect(stats).toMatchObject({ total: 573, drafted: 3, available: 570 });
    expect(drafted).toBe(3);
    // The reader owns no team: without a draftId it sees no draft, where nobody is drafted.
    const own = await t.request<PlayerStatsSummary>('GET', '/api/players/stats/summary', {
      token: user.token,
    });
    expect(own.body.data).toMatchObject({ total: 573, drafted: 0, available: 573, averageCost: null });
    const { rows } = await pool.query<{
      position: string;
      total: number;
      drafted: number;
      points: number | null;
      adp: number | null;
      cost: number | null;
    }>(
      `SELECT p.position, count(*)::int AS total, count(k.id)::int AS drafted,
              round(avg(p.projected_points), 1)::float8 AS points, round(avg(p.adp), 1)::float8 AS adp,
              round(avg(k.cost), 2)::float8 AS cost
       FROM players p LEFT JOIN picks k ON k.player_id = p.provider_id AND k.draft_id = $1
       GROUP BY p.position`,
      [draft._id],
    );
    expect(stats.byPosition.map((p) => p.position)).toEqual([...PLAYER_POSITIONS]);
    for (const row of rows) {
      expect(stats.byPosition.find((p) => p.position === row.position)).toEqual({
        position: row.position,
        total: row.total,
        drafted: row.drafted,
        available: row.total - row.drafted,
        averageProjectedPoints: row.points,
        averageAdp: row.adp,
        averageCost: row.cost,
      });
    }
    const overall = await pool.query<{ points: number; cost: number; synced: Date }>(
      `SELECT round(avg(projected_points), 1)::float8 AS points,
              (SELECT round(avg(cost), 2)::float8 FROM picks WHERE draft_id = $1) AS cost,
              max(synced_at) AS synced FROM players`,
      [draft._id],
    );
    expect(stats.averageProjectedPoints).toBe(overall.rows[0]!.points);
    expect(stats.averageCost).toBe(overall.rows[0]!.cost);
    expect(stats.averageCost).toBe(Math.round(((55 + 40 + 62) / 3) * 100) / 100);
    expect(stats.lastSyncedAt).toBe(overall.rows[0]!.synced.toISOString());
  });

  it("rebuilds each draft's availability from the log exactly", async () => {
    const players = async () => (await pool.query(`SELECT * FROM players ORDER BY id`)).rows;
    const reads = () => getPlayers(t, user.token, `/api/players?draftId=${draft._id}&limit=100`);
    const before = { players: await players(), league: await snapshotLeague(t), reads: await reads() };
    // A stray sale and a lost one (as a lost or corrupted read model would hold) must not survive the rebuild.
    await pool.query(
      `INSERT INTO picks (id, draft_id, pick_number, player_id, player_name, position, team_id, cost, created_at,
                          picked_at)
       VALUES (gen_random_uuid(), $1, 99, '4881', 'Stray', 'QB', $2, 9, now(), now())`,
      [draft._id, blitz._id],
    );
    await pool.query(`DELETE FROM picks WHERE player_id = '9509'`);
    expect(await reads()).not.toEqual(before.reads);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect({ players: await players(), league: await snapshotLeague(t), reads: await reads() }).toEqual(
      before,
    );
  });

  it('releases the players of a deleted draft', async () => {
    expect((await t.request('DELETE', `/api/drafts/${draft._id}`, { token: admin.token })).status).toBe(200);
    expect(await count('SELECT count(*)::int AS n FROM picks WHERE draft_id = $1', [draft._id])).toBe(0);
    for (const player of bought) {
      expect(await getPlayer(`/api/players/${player._id}`)).toMatchObject({
        isDrafted: false,
        cost: null,
        draftedByTeamId: null,
        draftId: null,
      });
    }
    await expectRefused(
      t,
      () => t.request('GET', `/api/players/${bought[0]!._id}?draftId=${draft._id}`, { token: user.token }),
      404,
      'Draft not found',
    );
    expect(await getPlayers(t, user.token, `/api/players/team/${gurus._id}`)).toEqual({
      players: [],
      total: 0,
    });
  });
});

describe('updating projections', () => {
  let player: Player;

  beforeAll(async () => {
    player = await byProviderId('4984');
  });

  it('lets the admin set projected points, ADP and auction value, and tells every client', async () => {
    const socket = await connected(connectSocket(t.baseUrl));
    sockets.push(socket);
    const authenticated = nextEvent(socket, ServerEvents.authenticated);
    socket.emit('authenticate', user.token);
    await authenticated;
    const announced = nextEvent<unknown>(socket, ServerEvents.playerUpdated);

    const response = await t.request<PlayerData>('PUT', `/api/players/${player._id}/projections`, {
      token: admin.token,
      body: { projectedPoints: 301.25, adp: null, auctionValue: 44.5 },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Player projections updated successfully');
    const updated = playerDataSchema.parse(response.body.data).player;
    // numeric(7,1) keeps one decimal.
    expect(updated).toMatchObject({ _id: player._id, projectedPoints: 301.3, adp: null, auctionValue: 44.5 });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(player.updatedAt).getTime());
    expect(await getPlayer(`/api/players/${player._id}`)).toEqual(updated);
    // The one playerUpdated shape: a catalogue change concerns every draft, so no draft, position or version.
    expect(playerUpdatedSchema.parse(await announced)).toEqual({
      draftId: null,
      position: null,
      version: null,
      serverTime: expect.any(String),
      action: 'updated',
      playerId: player.playerId,
      player: updated,
    });

    const partial = await t.request<PlayerData>('PUT', `/api/players/${player._id}/projections`, {
      token: admin.token,
      body: { adp: 12.3 },
    });
    expect(partial.body.data.player).toMatchObject({ projectedPoints: 301.3, adp: 12.3, auctionValue: 44.5 });
  });

  it('refuses regular users (403) and anonymous callers (401), changing nothing', async () => {
    const send = (token?: string) => () =>
      t.request('PUT', `/api/players/${player._id}/projections`, { token, body: { projectedPoints: 1 } });
    await expectRefused(t, send(user.token), 403, 'Access denied. Admin role required.');
    await expectRefused(t, send(), 401, 'Authentication required');
  });

  it.each([
    [{ projectedPoints: '250' }, 'projectedPoints must be a number'],
    [{ projectedPoints: 'lots' }, 'projectedPoints must be a number'],
    [{ projectedPoints: null }, 'projectedPoints must be a number'],
    [{ adp: true }, 'adp must be a number'],
    [{ auctionValue: [] }, 'auctionValue must be a number'],
    [{ projectedPoints: -1 }, 'projectedPoints must be between 0 and 1000'],
    [{ adp: 1001 }, 'adp must be between 0 and 1000'],
    [{}, 'Nothing to update: send projectedPoints, adp or auctionValue'],
  ])('refuses %j with a 400, changing nothing', async (body, message) => {
    await expectRefused(
      t,
      () => t.request('PUT', `/api/players/${player._id}/projections`, { token: admin.token, body }),
      400,
      message,
    );
  });

  it('refuses malformed JSON, a bad id and an unknown player', async () => {
    await expectRefused(
      t,
      () =>
        t.request('PUT', `/api/players/${player._id}/projections`, {
          token: admin.token,
          rawBody: '{"adp": 1,',
        }),
      400,
      'Malformed JSON body',
    );
    await expectRefused(
      t,
      () => t.request('PUT', '/api/players/42/projections', { token: admin.token, body: { adp: 1 } }),
      400,
      'Invalid id',
    );
    await expectRefused(
      t,
      () =>
        t.request('PUT', `/api/players/${UNKNOWN_ID}/projections`, { token: admin.token, body: { adp: 1 } }),
      404,
      'Player not found',
    );
  });

  it('orders listings by the new values at once', async () => {
    expect((await getPlayers(t, user.token, '/api/players?limit=1')).players[0]!._id).not.toBe(player._id);
    await t.request('PUT', `/api/players/${player._id}/projections`, {
      token: admin.token,
      body: { adp: 0 },
    });
    expect((await getPlayers(t, user.token, '/api/players?limit=1')).players[0]!._id).toBe(player._id);
  });
});
