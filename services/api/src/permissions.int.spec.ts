import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Draft, Team } from '@auction/contracts';
import {
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
  type TestResponse,
  type TestUser,
} from './test-support/app-harness.js';
import { loadBundledPool } from './modules/players/__tests__/player-test-kit.js';
import {
  createDraft,
  createTeam,
  poolOf,
  snapshotLeague,
} from './modules/teams/__tests__/league-test-kit.js';

/**
 * The whole permission matrix of the API's routes (docs/product.md §6 (Roles and permissions) and §7 (REST API and
 * socket events), those that exist so far): every route is called anonymously, as a regular user and as the admin.
 * Anonymous callers get 401 unless the route is public; regular users get 403 on admin-only routes; the admin gets a
 * 2xx everywhere. Refused calls change nothing.
 */
type Caller = 'anonymous' | 'user' | 'admin';

/** An Express 5 router layer, as far as listing routes needs. */
interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
}
type Access = 'public' | 'user' | 'admin';

interface Route {
  method: string;
  /** The path as docs/product.md §7 (REST API and socket events) writes it, for the test name. */
  route: string;
  path: () => string;
  /** What the admin (and, on public routes, everyone) gets: 201 for creations, 200 otherwise. */
  created?: true;
  access: Access;
  /** The request body for one caller; called once per call, so each call can use fresh values. */
  body?: (caller: Caller) => unknown;
  /** The token to send, when the caller's shared token must not be used (logout revokes it). */
  token?: (caller: Caller) => Promise<string>;
  /** Reads what the path needs (ids made by earlier calls) before the call; must change nothing. */
  prepare?: () => Promise<void>;
  /**
   * Where an allowed caller is refused by the auction's rules, not by permissions (only one auction at a time, the
   * nominator is already the high bidder, the clock has not run out): the status and message, and nothing changes.
   */
  refusedBy?: Partial<Record<Caller, [number, string]>>;
  /** Answers a CSV file when allowed (refusals are still JSON envelopes). */
  csv?: true;
}

let t: TestApp;
let user: TestUser;
let admin: TestUser;
const fixtures: {
  teamA?: Team;
  teamB?: Team;
  teamToDelete?: Team;
  draft?: Draft;
  draftToDelete?: Draft;
  playerId?: string;
  auctionId?: string;
  pickId?: string;
} = {};

async function readAuctionId(): Promise<void> {
  const response = await t.request<{ auction: { _id: string } | null }>(
    'GET',
    `/api/auctions/draft/${fixtures.draft!._id}`,
    { token: admin.token },
  );
  fixtures.auctionId = response.body.data.auction?._id ?? fixtures.auctionId;
}

async function readLastPickId(): Promise<void> {
  const response = await t.request<{ picks: { _id: string }[] }>(
    'GET',
    `/api/drafts/${fixtures.draft!._id}/picks`,
    {
      token: admin.token,
    },
  );
  fixtures.pickId = response.body.data.picks.at(-1)?._id;
}
let counter = 0;
const fresh = (prefix: string) => `${prefix}${(counter += 1)}`;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAdmin();
  user = await t.registerUser('regular');
  fixtures.teamA = await createTeam(t, admin.token, 'Gridiron Gurus', 1);
  fixtures.teamB = await createTeam(t, admin.token, 'Blitz Brigade', 2);
  fixtures.teamToDelete = await createTeam(t, admin.token, 'Doomed Dolphins', 3);
  fixtures.draft = await createDraft(t, admin.token, 'Permission League');
  fixtures.draftToDelete = await createDraft(t, admin.token, 'Doomed League');
  await loadBundledPool(t);
  const { rows } = await poolOf(t).query<{ id: string }>(`SELECT id FROM players WHERE provider_id = '9509'`);
  fixtures.playerId = rows[0]!.id;
});

/** The league and the player catalogue: a refused call must change neither. */
async function snapshot(): Promise<unknown> {
  const { rows } = await poolOf(t).query('SELECT * FROM players ORDER BY id');
  return { league: await snapshotLeague(t), players: rows };
}

afterAll(async () => {
  await t?.close();
});

const login = async (email: string, password: string): Promise<string> => {
  const response = await t.request<{ token: string }>('POST', '/api/auth/login', {
    body: { email, password },
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  return response.body.data.token;
};

const teamNumbers = [4];
// In call order: routes that need earlier state (assign teams before start, deletions) come after what they need.
const routes: Route[] = [
  { method: 'GET', route: '/health', path: () => '/api/health', access: 'public' },
  { method: 'GET', route: '/status', path: () => '/api/status', access: 'public' },
  {
    method: 'POST',
    route: '/auth/register',
    created: true,
    path: () => '/api/auth/register',
    access: 'public',
    body: () => {
      const name = fresh('newcomer');
      return { username: name, email: `${name}@example.test`, password: TEST_PASSWORD };
    },
  },
  {
    method: 'POST',
    route: '/auth/login',
    path: () => '/api/auth/login',
    access: 'public',
    body: () => ({ email: user.email, password: TEST_PASSWORD }),
  },
  { method: 'GET', route: '/auth/me', path: () => '/api/auth/me', access: 'user' },
  {
    method: 'PUT',
    route: '/auth/profile',
    path: () => '/api/auth/profile',
    access: 'user',
    body: (caller) => ({ username: caller === 'admin' ? 'admin' : 'regular' }),
  },
  {
    method: 'POST',
    route: '/auth/logout',
    path: () => '/api/auth/logout',
    access: 'user',
    token: async (caller) =>
      caller === 'admin' ? login(admin.email, admin.password) : login(user.email, TEST_PASSWORD),
  },
  { method: 'GET', route: '/users', path: () => '/api/users', access: 'admin' },
  { method: 'GET', route: '/ops/figures', path: () => '/api/ops/figures', access: 'admin' },
  { method: 'GET', route: '/teams', path: () => '/api/teams', access: 'user' },
  { method: 'GET', route: '/teams/{id}', path: () => `/api/teams/${fixtures.teamA!._id}`, access: 'user' },
  {
    method: 'POST',
    route: '/teams',
    created: true,
    path: () => '/api/teams',
    access: 'admin',
    body: (caller) => ({ name: fresh('Team '), teamNumber: caller === 'admin' ? teamNumbers.shift() : 9 }),
  },
  {
    method: 'PUT',
    route: '/teams/{id}',
    path: () => `/api/teams/${fixtures.teamA!._id}`,
    access: 'admin',
    body: () => ({ name: fresh('Renamed ') }),
  },
  {
    method: 'POST',
    route: '/teams/{id}/assign-owner',
    path: () => `/api/teams/${fixtures.teamA!._id}/assign-owner`,
    access: 'admin',
    body: () => ({ userId: user.user._id }),
  },
  {
    method: 'DELETE',
    route: '/teams/{id}',
    path: () => `/api/teams/${fixtures.teamToDelete!._id}`,
    access: 'admin',
  },
  { method: 'GET', route: '/drafts', path: () => '/api/drafts', access: 'user' },
  { method: 'GET', route: '/drafts/{id}', path: () => `/api/drafts/${fixtures.draft!._id}`, access: 'user' },
  {
    method: 'GET',
    route: '/drafts/{id}/status',
    path: () => `/api/drafts/${fixtures.draft!._id}/status`,
    access: 'user',
  },
  {
    method: 'GET',
    route: '/drafts/{id}/activity',
    path: () => `/api/drafts/${fixtures.draft!._id}/activity`,
    access: 'user',
  },
  {
    method: 'POST',
    route: '/drafts',
    path: () => '/api/drafts',
    access: 'admin',
    created: true,
    body: () => ({ name: fresh('League ') }),
  },
  {
    method: 'PUT',
    route: '/drafts/{id}',
    path: () => `/api/drafts/${fixtures.draft!._id}`,
    access: 'admin',
    body: () => ({ name: fresh('League ') }),
  },
  {
    method: 'POST',
    route: '/drafts/{id}/teams',
    path: () => `/api/drafts/${fixtures.draft!._id}/teams`,
    access: 'admin',
    body: () => ({ teamIds: [fixtures.teamA!._id, fixtures.teamB!._id] }),
  },
  // Keepers (admin, before the start) and nomination queues (the team's owner and admins).
  {
    method: 'POST',
    route: '/drafts/{id}/keepers',
    path: () => `/api/drafts/${fixtures.draft!._id}/keepers`,
    access: 'admin',
    created: true,
    body: () => ({ teamId: fixtures.teamB!._id, playerId: '9509', cost: 3 }),
  },
  {
    method: 'GET',
    route: '/drafts/{id}/keepers',
    path: () => `/api/drafts/${fixtures.draft!._id}/keepers`,
    access: 'user',
  },
  {
    method: 'DELETE',
    route: '/drafts/{id}/keepers/{playerId}',
    path: () => `/api/drafts/${fixtures.draft!._id}/keepers/9509`,
    access: 'admin',
  },
  {
    method: 'PUT',
    route: '/drafts/{id}/queue',
    path: () => `/api/drafts/${fixtures.draft!._id}/queue`,
    access: 'user',
    body: () => ({ teamId: fixtures.teamA!._id, playerIds: ['7564', '9488'] }),
  },
  {
    method: 'GET',
    route: '/drafts/{id}/queue',
    path: () => `/api/drafts/${fixtures.draft!._id}/queue?teamId=${fixtures.teamA!._id}`,
    access: 'user',
  },
  {
    method: 'GET',
    route: '/drafts/{id}/values',
    path: () => `/api/drafts/${fixtures.draft!._id}/values`,
    access: 'user',
  },
  {
    method: 'POST',
    route: '/drafts/{id}/start',
    path: () => `/api/drafts/${fixtures.draft!._id}/start`,
    access: 'admin',
  },
  {
    method: 'DELETE',
    route: '/drafts/{id}',
    path: () => `/api/drafts/${fixtures.draftToDelete!._id}`,
    access: 'admin',
  },
  // The live auction, on the started draft: the user owns teamA, which is on the nomination clock.
  {
    method: 'GET',
    route: '/auctions/draft/{draftId}',
    path: () => `/api/auctions/draft/${fixtures.draft!._id}`,
    access: 'user',
  },
  {
    method: 'POST',
    route: '/auctions/nominate',
    path: () => '/api/auctions/nominate',
    access: 'user',
    created: true,
    body: () => ({ draftId: fixtures.draft!._id, playerId: '9493' }),
    refusedBy: { admin: [409, 'An auction is already running'] },
  },
  {
    method: 'POST',
    route: '/auctions/{id}/bid',
    prepare: readAuctionId,
    path: () => `/api/auctions/${fixtures.auctionId!}/bid`,
    access: 'user',
    body: (caller) => ({
      bidAmount: 2,
      teamId: caller === 'admin' ? fixtures.teamB!._id : fixtures.teamA!._id,
    }),
    refusedBy: { user: [409, 'You are already the high bidder'] },
  },
  // Maximum (proxy) bids: the user for its own teamA, the admin for teamB (each may also read and remove teamA's).
  {
    method: 'PUT',
    route: '/auctions/{id}/proxy',
    prepare: readAuctionId,
    path: () => `/api/auctions/${fixtures.auctionId!}/proxy`,
    access: 'user',
    body: (caller) =>
      caller === 'admin'
        ? { teamId: fixtures.teamB!._id, maxBid: 4 }
        : { teamId: fixtures.teamA!._id, maxBid: 5 },
  },
  {
    method: 'GET',
    route: '/auctions/{id}/proxy',
    prepare: readAuctionId,
    path: () => `/api/auctions/${fixtures.auctionId!}/proxy?teamId=${fixtures.teamA!._id}`,
    access: 'user',
  },
  {
    method: 'DELETE',
    route: '/auctions/{id}/proxy',
    prepare: readAuctionId,
    path: () => `/api/auctions/${fixtures.auctionId!}/proxy?teamId=${fixtures.teamA!._id}`,
    access: 'user',
  },
  {
    method: 'POST',
    route: '/auctions/{id}/complete',
    prepare: readAuctionId,
    path: () => `/api/auctions/${fixtures.auctionId!}/complete`,
    access: 'user',
    refusedBy: { user: [409, 'The auction is still running'], admin: [409, 'The auction is still running'] },
  },
  {
    method: 'POST',
    route: '/drafts/{id}/pause',
    path: () => `/api/drafts/${fixtures.draft!._id}/pause`,
    access: 'admin',
  },
  {
    method: 'POST',
    route: '/drafts/{id}/resume',
    path: () => `/api/drafts/${fixtures.draft!._id}/resume`,
    access: 'admin',
  },
  {
    method: 'POST',
    route: '/players/assign',
    path: () => '/api/players/assign',
    access: 'admin',
    created: true,
    body: () => ({ playerId: '7564', teamId: fixtures.teamB!._id, cost: 1, draftId: fixtures.draft!._id }),
  },
  {
    method: 'POST',
    route: '/drafts/{id}/pick',
    path: () => `/api/drafts/${fixtures.draft!._id}/pick`,
    access: 'admin',
    created: true,
    body: () => ({ playerId: '9488', teamId: fixtures.teamB!._id, cost: 1 }),
  },
  {
    method: 'GET',
    route: '/drafts/{id}/picks',
    path: () => `/api/drafts/${fixtures.draft!._id}/picks`,
    access: 'user',
  },
  {
    method: 'GET',
    route: '/drafts/picks/recent',
    path: () => '/api/drafts/picks/recent?limit=5',
    access: 'user',
  },
  {
    method: 'PUT',
    route: '/drafts/{id}/picks/{pickId}',
    prepare: readLastPickId,
    path: () => `/api/drafts/${fixtures.draft!._id}/picks/${fixtures.pickId!}`,
    access: 'admin',
    body: () => ({ cost: 2 }),
  },
  {
    method: 'DELETE',
    route: '/drafts/{id}/picks/{pickId}',
    prepare: readLastPickId,
    path: () => `/api/drafts/${fixtures.draft!._id}/picks/${fixtures.pickId!}`,
    access: 'admin',
  },
  // The bundled dataset syncs well within the 8 s wait: the admin gets 200.
  { method: 'POST', route: '/players/sync', path: () => '/api/players/sync', access: 'admin' },
  { method: 'GET', route: '/players/search', path: () => '/api/players/search?q=bijan', access: 'user' },
  { method: 'GET', route: '/players', path: () => '/api/players', access: 'user' },
  {
    method: 'GET',
    route: '/players/stats/summary',
    path: () => '/api/players/stats/summary',
    access: 'user',
  },
  {
    method: 'GET',
    route: '/players/position/{position}',
    path: () => '/api/players/position/QB',
    access: 'user',
  },
  {
    method: 'GET',
    route: '/players/team/{teamId}',
    path: () => `/api/players/team/${fixtures.teamA!._id}`,
    access: 'user',
  },
  { method: 'GET', route: '/players/{id}', path: () => `/api/players/${fixtures.playerId!}`, access: 'user' },
  {
    method: 'GET',
    route: '/players/{provider}/{providerId}',
    path: () => '/api/players/sleeper/9509',
    access: 'user',
  },
  {
    method: 'PUT',
    route: '/players/{id}/projections',
    path: () => `/api/players/${fixtures.playerId!}/projections`,
    access: 'admin',
    body: () => ({ projectedPoints: 300 }),
  },
  // The audit routes are for admins and the owners of a team in the draft: by now the regular user owns team A,
  // which plays in the permission league (other users are refused in audit.int.spec.ts).
  {
    method: 'GET',
    route: '/drafts/{id}/events',
    path: () => `/api/drafts/${fixtures.draft!._id}/events`,
    access: 'user',
  },
  {
    method: 'GET',
    route: '/drafts/{id}/replay',
    path: () => `/api/drafts/${fixtures.draft!._id}/replay`,
    access: 'user',
  },
  {
    method: 'GET',
    route: '/drafts/{id}/verify',
    path: () => `/api/drafts/${fixtures.draft!._id}/verify`,
    access: 'user',
  },
  {
    method: 'GET',
    route: '/drafts/{id}/results.csv',
    path: () => `/api/drafts/${fixtures.draft!._id}/results.csv`,
    access: 'user',
    csv: true,
  },
];

const expected: Record<Access, Record<Caller, number | 'success'>> = {
  public: { anonymous: 'success', user: 'success', admin: 'success' },
  user: { anonymous: 401, user: 'success', admin: 'success' },
  admin: { anonymous: 401, user: 403, admin: 'success' },
};

const REFUSAL_MESSAGES: Record<number, string> = {
  401: 'Authentication required',
  403: 'Access denied. Admin role required.',
};

async function call(route: Route, caller: Caller): Promise<TestResponse> {
  const token =
    caller === 'anonymous'
      ? undefined
      : route.token
        ? await route.token(caller)
        : caller === 'admin'
          ? admin.token
          : user.token;
  await route.prepare?.();
  if (route.csv) return requestCsv(route, token);
  return t.request(route.method, route.path(), { token, body: route.body?.(caller) });
}

/** A CSV answer counts as a successful envelope; a refusal is read as the JSON envelope it is. */
async function requestCsv(route: Route, token: string | undefined): Promise<TestResponse> {
  const response = await fetch(`${t.baseUrl}${route.path()}`, {
    method: route.method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  const isCsv = response.headers.get('content-type')?.startsWith('text/csv') ?? false;
  const body = isCsv ? { success: true, message: 'CSV', data: text } : JSON.parse(text);
  return { status: response.status, body, headers: response.headers };
}

const cases = routes.flatMap((route) =>
  (['anonymous', 'user', 'admin'] as const).map((caller) => ({
    route,
    caller,
    name: `${route.method} ${route.route}`,
  })),
);

describe('permission matrix', () => {
  it('covers every API route the app serves (the OpenAPI docs and the JSON 404 catch-all aside)', () => {
    const express = t.app.getHttpAdapter().getInstance() as { router: { stack: RouterLayer[] } };
    const served = express.router.stack
      .flatMap((layer) =>
        layer.route
          ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`)
          : [],
      )
      .filter((route) => / \/api\//.test(route) && !/ \/api\/docs|\{\/\*splat\}/.test(route))
      .map((route) =>
        route
          .replace(' /api', ' ')
          .replace(/:(\w+)/g, '{$1}')
          .replace(/ +/, ' '),
      );
    expect(new Set(served)).toEqual(new Set(routes.map((route) => `${route.method} ${route.route}`)));
  });

  it.each(cases)('$name as $caller', async ({ route, caller }) => {
    const outcome = expected[route.access][caller];
    const refusal = outcome === 'success' ? route.refusedBy?.[caller] : undefined;
    const before = outcome === 'success' && !refusal ? undefined : await snapshot();
    const response = await call(route, caller);
    if (refusal) {
      expect({ status: response.status, body: response.body }).toEqual({
        status: refusal[0],
        body: { success: false, message: refusal[1], data: null },
      });
      expect(await snapshot()).toEqual(before);
    } else if (outcome === 'success') {
      expect({ status: response.status, success: response.body.success }).toEqual({
        status: route.created ? 201 : 200,
        success: true,
      });
    } else {
      expect({ status: response.status, body: response.body }).toEqual({
        status: outcome,
        body: { success: false, message: REFUSAL_MESSAGES[outcome], data: null },
      });
      expect(await snapshot()).toEqual(before);
    }
  });
});
