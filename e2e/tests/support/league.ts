import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect } from './test.js';
import { ADMIN } from './e2e-env.js';
import {
  apiLogin,
  bearer,
  envelopeData,
  openSignedIn,
  registerAccount,
  type Account,
  type Session,
} from './session.js';

/** The clocks and money of a test draft; the rest of its settings are the 2-team auction every spec uses. */
export interface TestDraftSettings {
  playersPerTeam: number;
  budgetPerTeam: number;
  auctionTimeLimit: number;
  bidTimeReset: number;
  nominationTimeLimit: number;
}

export interface TwoOwnerLeagueOptions {
  /** Username prefixes of the two owners (registered fresh). */
  owners: readonly [string, string];
  /** The two teams' names (team numbers 1 and 2), already unique. */
  teams: readonly [string, string];
  draftName: string;
  settings: TestDraftSettings;
  /** Start the draft through the API (default: leave it `created`, e.g. for the Admin page to start). */
  start?: boolean;
}

export interface TwoOwnerLeague {
  admin: Session;
  ownerA: Account;
  ownerB: Account;
  teamA: string;
  teamB: string;
  teamAId: string;
  teamBId: string;
  draftId: string;
  draftName: string;
}

export async function createTeam(
  request: APIRequestContext,
  token: string,
  name: string,
  teamNumber: number,
): Promise<string> {
  const { team } = await envelopeData<{ team: { _id: string } }>(
    await request.post('/api/teams', { headers: bearer(token), data: { name, teamNumber } }),
  );
  return team._id;
}

/**
 * Set up through the API as an admin would on the Admin page: the player pool synced (the server may start with an
 * empty one; the bundled sync is quick and idempotent), two new owners, their teams, and a 2-team auction draft.
 */
export async function createTwoOwnerLeague(
  request: APIRequestContext,
  { owners, teams, draftName, settings, start = false }: TwoOwnerLeagueOptions,
): Promise<TwoOwnerLeague> {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  const asAdmin = { headers: bearer(admin.token) };
  await envelopeData(await request.post('/api/players/sync', asAdmin));
  const ownerA = await registerAccount(request, owners[0]);
  const ownerB = await registerAccount(request, owners[1]);
  const [teamA, teamB] = teams;
  const teamAId = await createTeam(request, admin.token, teamA, 1);
  const teamBId = await createTeam(request, admin.token, teamB, 2);
  for (const [teamId, owner] of [
    [teamAId, ownerA],
    [teamBId, ownerB],
  ] as const) {
    await envelopeData(
      await request.post(`/api/teams/${teamId}/assign-owner`, {
        ...asAdmin,
        data: { userId: owner.user._id },
      }),
    );
  }
  const { draft } = await envelopeData<{ draft: { _id: string } }>(
    await request.post('/api/drafts', {
      ...asAdmin,
      data: { name: draftName, settings: { teamsCount: 2, draftType: 'auction', ...settings } },
    }),
  );
  await envelopeData(
    await request.post(`/api/drafts/${draft._id}/teams`, {
      ...asAdmin,
      data: { teamIds: [teamAId, teamBId] },
    }),
  );
  if (start) await envelopeData(await request.post(`/api/drafts/${draft._id}/start`, asAdmin));
  return { admin, ownerA, ownerB, teamA, teamB, teamAId, teamBId, draftId: draft._id, draftName };
}

/** The account's draft room in a browser context of its own (a second person at another computer). */
export async function openRoom(browser: Browser, account: Account, draftId: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, account, `/draft/${draftId}`);
  await expect(page.getByRole('region', { name: 'Live Auction' })).toBeVisible();
  return page;
}
