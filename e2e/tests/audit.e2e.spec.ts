// Issue 5 (audit and replay): an admin opens a played draft's audit page from the Admin dashboard, sees the verified
// hash chain, the timeline with its filters, and scrubs back to before the sale: budgets and rosters follow.
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  ADMIN,
  apiLogin,
  bearer,
  envelopeData,
  keepScreenshot,
  loginAs,
  registerAccount,
  uniqueName,
} from './support/index.js';

const BUDGET = 10;

async function post<T>(request: APIRequestContext, token: string, path: string, data?: unknown): Promise<T> {
  return envelopeData<T>(await request.post(`/api${path}`, { headers: bearer(token), data }));
}

test('an admin audits a played draft: verified chain, timeline filters, replay to before the sale', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  await post(request, admin.token, '/players/sync');

  // A two-team draft with one roster slot each and 2-second auctions, played through the API.
  const [ownerA, ownerB] = [
    await registerAccount(request, 'audit_a'),
    await registerAccount(request, 'audit_b'),
  ];
  const [teamA, teamB] = [uniqueName('Audit A'), uniqueName('Audit B')];
  const teamIds: string[] = [];
  for (const [name, number, owner] of [
    [teamA, 1, ownerA],
    [teamB, 2, ownerB],
  ] as const) {
    const { team } = await post<{ team: { _id: string } }>(request, admin.token, '/teams', {
      name,
      teamNumber: number,
    });
    await post(request, admin.token, `/teams/${team._id}/assign-owner`, { userId: owner.user._id });
    teamIds.push(team._id);
  }
  const draftName = uniqueName('Audited draft');
  const { draft } = await post<{ draft: { _id: string } }>(request, admin.token, '/drafts', {
    name: draftName,
    settings: {
      teamsCount: 2,
      playersPerTeam: 1,
      budgetPerTeam: BUDGET,
      draftType: 'auction',
      auctionTimeLimit: 2,
      bidTimeReset: 2,
      nominationTimeLimit: 300,
    },
  });
  await post(request, admin.token, `/drafts/${draft._id}/teams`, { teamIds });
  await post(request, admin.token, `/drafts/${draft._id}/start`);
  const { players } = await envelopeData<{ players: { providerId: string; name: string }[] }>(
    await request.get('/api/players?available=true&limit=1', { headers: bearer(admin.token) }),
  );
  const player = players[0]!;
  const { auction } = await post<{ auction: { _id: string } }>(request, ownerA.token, '/auctions/nominate', {
    draftId: draft._id,
    playerId: player.providerId,
  });
  await post(request, ownerB.token, `/auctions/${auction._id}/bid`, { bidAmount: 3, teamId: teamIds[1] });
  await expect
    .poll(
      async () => {
        const data = await envelopeData<{ lastCompletedAuction: { _id: string } | null }>(
          await request.get(`/api/auctions/draft/${draft._id}`, { headers: bearer(admin.token) }),
        );
        return data.lastCompletedAuction?._id;
      },
      { timeout: 20_000 },
    )
    .toBe(auction._id);

  // The audit page, from the Admin dashboard's draft list.
  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await page
    .getByRole('region', { name: 'Draft Management' })
    .getByRole('listitem', { name: draftName, exact: true })
    .getByRole('link', { name: 'Audit' })
    .click();
  await expect(page.getByRole('heading', { name: `Audit: ${draftName}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Chain verified · \d+ events$/ })).toBeVisible();

  // At the last event: team B bought the player for $3.
  const standings = (team: string) => page.getByRole('listitem', { name: team, exact: true });
  await expect(standings(teamB)).toContainText(`$${BUDGET - 3} left of $${BUDGET}`);
  await expect(standings(teamB)).toContainText(player.name);
  await expect(standings(teamB)).toContainText('1/1 players');

  // The timeline filtered to nominations; replaying to it shows the draft before the sale.
  await page.getByLabel('Event type').selectOption('PlayerNominated');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await timeline.getByRole('button', { name: /^Replay to event \d+$/ }).click();
  await expect(standings(teamB)).toContainText(`$${BUDGET} left of $${BUDGET}`);
  await expect(standings(teamB)).toContainText('0/1 players');
  await keepScreenshot(page, 'audit-before-sale');

  // One step forward is the bid: still no sale.
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(page.getByRole('region', { name: 'Replay' })).toContainText('BidPlaced');
  await expect(standings(teamB)).toContainText('0/1 players');
});
