import type { DraftAuctionData, DraftData, Team } from '@auction/contracts';
import type { TestApp, TestResponse, TestUser } from '../../../test-support/app-harness.js';
import { loadBundledPool } from '../../players/__tests__/player-test-kit.js';
import { assignTeams, createDraft, createTeam, poolOf } from '../../teams/__tests__/league-test-kit.js';

export interface League {
  admin: TestUser;
  /** One user per team, in team-number order (users[i] owns teams[i]). */
  users: TestUser[];
  teams: Team[];
  draftId: string;
}

export interface LeagueOptions {
  teams?: number;
  settings?: Record<string, number>;
  /** Prefix for usernames and team names, unique per test file and league. */
  prefix: string;
  start?: boolean;
  /** Fills the player catalogue; by default the bundled pool through the app's own writer (in-process apps). */
  loadPlayers?: () => Promise<unknown>;
}

export type LeagueHost = Pick<TestApp, 'request' | 'registerUser' | 'loginAdmin'>;

/** Registers users, creates their teams and a draft with them, loads the bundled players, starts the draft. */
export async function createLeague(t: LeagueHost, options: LeagueOptions): Promise<League> {
  const admin = await t.loginAdmin();
  const count = options.teams ?? 2;
  if (options.loadPlayers) await options.loadPlayers();
  else if ('app' in t) await loadPoolOnce(t as TestApp);
  const users: TestUser[] = [];
  const teams: Team[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = await t.registerUser(`${options.prefix}_u${i + 1}`);
    const team = await createTeam(t, admin.token, `${options.prefix} Team ${i + 1}`, i + 1);
    const assigned = await t.request('POST', `/api/teams/${team._id}/assign-owner`, {
      token: admin.token,
      body: { userId: user.user._id },
    });
    if (assigned.status !== 200)
      throw new Error(`assign owner answered ${assigned.status}: ${assigned.body.message}`);
    users.push(user);
    teams.push(team);
  }
  const draft = await createDraft(t, admin.token, `${options.prefix} draft`, {
    teamsCount: count,
    playersPerTeam: 3,
    budgetPerTeam: 20,
    auctionTimeLimit: 30,
    bidTimeReset: 30,
    nominationTimeLimit: 600,
    ...options.settings,
  });
  await assignTeams(
    t,
    admin.token,
    draft._id,
    teams.map((team) => team._id),
  );
  if (options.start !== false) {
    const started = await t.request<DraftData>('POST', `/api/drafts/${draft._id}/start`, {
      token: admin.token,
    });
    if (started.status !== 200) throw new Error(`start answered ${started.status}: ${started.body.message}`);
  }
  return { admin, users, teams, draftId: draft._id };
}

async function loadPoolOnce(t: TestApp): Promise<void> {
  const { rows } = await poolOf(t).query('SELECT count(*)::int AS n FROM players');
  if (rows[0].n === 0) await loadBundledPool(t);
}

export async function auctionOf(t: LeagueHost, token: string, draftId: string): Promise<DraftAuctionData> {
  const response = await t.request<DraftAuctionData>('GET', `/api/auctions/draft/${draftId}`, { token });
  if (response.status !== 200)
    throw new Error(`auction answered ${response.status}: ${response.body.message}`);
  return response.body.data;
}

export function nominate(
  t: LeagueHost,
  token: string,
  body: Record<string, unknown>,
): Promise<TestResponse<{ auction: DraftAuctionData['auction'] }>> {
  return t.request('POST', '/api/auctions/nominate', { token, body });
}

export function bid(t: LeagueHost, token: string, auctionId: string, body: unknown): Promise<TestResponse> {
  return t.request('POST', `/api/auctions/${auctionId}/bid`, { token, body });
}

/** Polls until `check` holds (timers fire in the background). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until)
      throw new Error(`condition not met within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Every team's budget and roster must be exactly the sum of its picks in the draft. */
export async function budgetsMismatchingPicks(t: TestApp, draftId: string): Promise<unknown[]> {
  const { rows } = await poolOf(t).query(
    `SELECT t.id, t.budget_spent, t.player_count, coalesce(sum(p.cost), 0)::int AS picked_cost,
            count(p.id)::int AS picked
     FROM draft_teams dt JOIN teams t ON t.id = dt.team_id
     LEFT JOIN picks p ON p.team_id = t.id AND p.draft_id = dt.draft_id
     WHERE dt.draft_id = $1
     GROUP BY t.id
     HAVING t.budget_spent <> coalesce(sum(p.cost), 0) OR t.player_count <> count(p.id)`,
    [draftId],
  );
  return rows;
}
