import type { DraftAuctionData, DraftData, PicksData } from '@auction/contracts';
import type { TestApp, TestResponse } from '../../../test-support/app-harness.js';
import {
  auctionOf,
  bid,
  createLeague,
  eventually,
  nominate,
  type League,
} from '../../auctions/__tests__/auction-test-kit.js';
import { poolOf } from '../../teams/__tests__/league-test-kit.js';

// Bundled players (provider ids): the two best by ADP.
export const GIBBS = '9221';
export const BIJAN = '9509';

function expectOk(response: TestResponse, what: string): void {
  if (response.status >= 300)
    throw new Error(`${what} answered ${response.status}: ${response.body.message}`);
}

async function waitForAuctionToClose(t: TestApp, token: string, draftId: string): Promise<void> {
  await eventually(
    () => auctionOf(t, token, draftId),
    (data: DraftAuctionData) => data.auction === null,
  );
}

/**
 * A whole 2-team draft (3 players each, $20) through the real command handlers: two timed auctions with bids
 * from both owners and a pause/resume in the middle of one, an admin assignment, a pick edit, an undo, and
 * admin assignments until every roster is full and the draft completes.
 */
/** The idempotency key of alice's bid in the full draft. */
export const AUDIT_BID_KEY = 'audit-bid-4';

export async function playFullDraft(t: TestApp, prefix: string): Promise<League> {
  const league = await createLeague(t, {
    prefix,
    settings: { playersPerTeam: 3, auctionTimeLimit: 2, bidTimeReset: 2 },
  });
  const [alice, bob] = league.users as [League['users'][0], League['users'][0]];
  const [teamA, teamB] = league.teams as [League['teams'][0], League['teams'][0]];
  const { draftId, admin } = league;
  const adminRequest = (method: string, path: string, body?: unknown) =>
    t.request(method, path, { token: admin.token, ...(body !== undefined && { body }) });

  const first = await nominate(t, alice.token, { draftId, playerId: GIBBS, openingBid: 1 });
  expectOk(first, 'nominate');
  const firstId = first.body.data.auction!._id;
  expectOk(await bid(t, bob.token, firstId, { bidAmount: 3, teamId: teamB._id }), 'bid');
  expectOk(await adminRequest('POST', `/api/drafts/${draftId}/pause`), 'pause');
  expectOk(await adminRequest('POST', `/api/drafts/${draftId}/resume`), 'resume');
  // With an idempotency key (ADR 0020): its command id is in the log; bob's bid, without one, has none.
  expectOk(
    await t.request('POST', `/api/auctions/${firstId}/bid`, {
      token: alice.token,
      body: { bidAmount: 4, teamId: teamA._id },
      headers: { 'Idempotency-Key': AUDIT_BID_KEY },
    }),
    'bid',
  );
  await waitForAuctionToClose(t, alice.token, draftId);

  expectOk(await nominate(t, bob.token, { draftId, playerId: BIJAN, openingBid: 2 }), 'nominate');
  await waitForAuctionToClose(t, bob.token, draftId);

  const free = await freePlayerIds(t, draftId, 5);
  const assign = (playerId: string, teamId: string, cost: number) =>
    adminRequest('POST', '/api/players/assign', { playerId, teamId, cost, draftId });
  expectOk(await assign(free[0]!, teamA._id, 3), 'assign');

  const picks = (await t.request<PicksData>('GET', `/api/drafts/${draftId}/picks`, { token: alice.token }))
    .body.data.picks;
  const gibbs = picks.find((pick) => pick.playerId === GIBBS)!;
  const bijan = picks.find((pick) => pick.playerId === BIJAN)!;
  expectOk(await adminRequest('PUT', `/api/drafts/${draftId}/picks/${gibbs._id}`, { cost: 6 }), 'edit pick');
  expectOk(await adminRequest('DELETE', `/api/drafts/${draftId}/picks/${bijan._id}`), 'undo pick');

  expectOk(await assign(free[1]!, teamA._id, 2), 'assign');
  for (const playerId of free.slice(2, 5)) expectOk(await assign(playerId, teamB._id, 1), 'assign');

  const draft = (await t.request<DraftData>('GET', `/api/drafts/${draftId}`, { token: admin.token })).body
    .data.draft;
  if (draft.status !== 'completed')
    throw new Error(`the scripted draft ended ${draft.status}, not completed`);
  return league;
}

/** Players nobody bought in this draft yet (its picks), other than the two auctioned ones. */
async function freePlayerIds(t: TestApp, draftId: string, count: number): Promise<string[]> {
  const { rows } = await poolOf(t).query<{ provider_id: string }>(
    `SELECT provider_id FROM players
     WHERE provider_id <> ALL($1::text[])
       AND provider_id NOT IN (SELECT player_id FROM picks WHERE draft_id = $3)
     ORDER BY provider_id LIMIT $2`,
    [[GIBBS, BIJAN], count, draftId],
  );
  return rows.map((row) => row.provider_id);
}

/**
 * Every row of every table the draft and team projections write, in a stable order: full rows, compared as is.
 * `players` is the catalogue, which no projection writes: a rebuild must not move it either.
 */
export async function snapshotReadModels(t: TestApp): Promise<Record<string, unknown[]>> {
  const pool = poolOf(t);
  const tables: Record<string, string> = {
    teams: 'SELECT * FROM teams ORDER BY id',
    drafts: 'SELECT * FROM drafts ORDER BY id',
    draft_teams: 'SELECT * FROM draft_teams ORDER BY draft_id, team_id',
    picks: 'SELECT * FROM picks ORDER BY id',
    auctions: 'SELECT * FROM auctions ORDER BY id',
    players: 'SELECT * FROM players ORDER BY id',
  };
  const snapshot: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(tables)) snapshot[name] = (await pool.query(sql)).rows;
  return snapshot;
}
