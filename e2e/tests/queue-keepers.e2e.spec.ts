// Issue 13, parts 2 and 6 (ADR 0018): an owner queues three players in the draft room and lets the nomination clock
// run out: the first still available is nominated for $1. Keepers added by the admin show before the start.
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  ADMIN,
  apiLogin,
  bearer,
  envelopeData,
  expectToast,
  keepScreenshot,
  loginAs,
  openSignedIn,
  registerAccount,
  uniqueName,
  type Account,
} from './support/index.js';

const PLAYERS_PER_TEAM = 3;
const BUDGET = 50;

type CatalogPlayer = { playerId: string; name: string };

async function createTeam(request: APIRequestContext, token: string, name: string, teamNumber: number) {
  const { team } = await envelopeData<{ team: { _id: string } }>(
    await request.post('/api/teams', { headers: bearer(token), data: { name, teamNumber } }),
  );
  return team._id;
}

/** Two owners, their teams in a created draft with a short nomination clock; players synced. */
async function league(request: APIRequestContext, label: string) {
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  await envelopeData(await request.post('/api/players/sync', { headers: bearer(admin.token) }));
  const [ownerA, ownerB] = [
    await registerAccount(request, `${label}a`),
    await registerAccount(request, `${label}b`),
  ];
  const [teamA, teamB] = [uniqueName('Queuers'), uniqueName('Keepers')];
  const teamAId = await createTeam(request, admin.token, teamA, 1);
  const teamBId = await createTeam(request, admin.token, teamB, 2);
  for (const [teamId, owner] of [
    [teamAId, ownerA],
    [teamBId, ownerB],
  ] as const) {
    await envelopeData(
      await request.post(`/api/teams/${teamId}/assign-owner`, {
        headers: bearer(admin.token),
        data: { userId: owner.user._id },
      }),
    );
  }
  const draftName = uniqueName('Queue draft');
  const { draft } = await envelopeData<{ draft: { _id: string } }>(
    await request.post('/api/drafts', {
      headers: bearer(admin.token),
      data: {
        name: draftName,
        settings: {
          teamsCount: 2,
          playersPerTeam: PLAYERS_PER_TEAM,
          budgetPerTeam: BUDGET,
          draftType: 'auction',
          auctionTimeLimit: 300,
          bidTimeReset: 300,
          nominationTimeLimit: 3,
        },
      },
    }),
  );
  await envelopeData(
    await request.post(`/api/drafts/${draft._id}/teams`, {
      headers: bearer(admin.token),
      data: { teamIds: [teamAId, teamBId] },
    }),
  );
  const { players } = await envelopeData<{ players: CatalogPlayer[] }>(
    await request.get('/api/players?available=true&limit=8', { headers: bearer(admin.token) }),
  );
  return { admin, ownerA, ownerB, teamA, teamB, teamAId, teamBId, draftId: draft._id, draftName, players };
}

async function openRoom(browser: Browser, account: Account, draftId: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, account, `/draft/${draftId}`);
  await expect(page.getByRole('region', { name: 'Live Auction' })).toBeVisible();
  return page;
}

test('an owner queues three players and the clock nominates the first still available', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const l = await league(request, 'queue');
  // Not the best by ADP, so the nomination can only come from the queue.
  const [first, second, third] = [l.players[5]!, l.players[6]!, l.players[7]!];
  const room = await openRoom(browser, l.ownerA, l.draftId);
  const queuePanel = room.getByRole('region', { name: 'My nomination queue' });
  const grid = room.getByRole('region', { name: 'Available Players' });

  for (const player of [second, first, third]) {
    await grid.getByRole('button', { name: player.name, exact: true }).click();
    await queuePanel.getByRole('button', { name: `Queue ${player.name}` }).click();
    await expect(queuePanel.getByRole('listitem').filter({ hasText: player.name })).toBeVisible();
  }
  // Reorder with the accessible fallback: `first` moves to the top.
  await queuePanel.getByRole('button', { name: `Move ${first.name} up` }).click();
  const rows = queuePanel.getByRole('listitem');
  await expect(rows.nth(0)).toContainText(first.name);
  await expect(rows.nth(1)).toContainText(second.name);
  await expect(rows.nth(2)).toContainText(third.name);
  await keepScreenshot(room, 'nomination-queue');

  // The rival keeps `first` before the start: the queue skips it.
  await envelopeData(
    await request.post(`/api/drafts/${l.draftId}/keepers`, {
      headers: bearer(l.admin.token),
      data: { teamId: l.teamBId, playerId: first.playerId, cost: 5 },
    }),
  );
  await envelopeData(
    await request.post(`/api/drafts/${l.draftId}/start`, { headers: bearer(l.admin.token) }),
  );

  // Nobody nominates: when the 3 s clock runs out, `second` goes up for $1 in team A's name.
  const auction = room.getByRole('region', { name: 'Live Auction' });
  await expect(auction).toContainText(second.name, { timeout: 20_000 });
  await expect(auction).toContainText(`Nominated by ${l.teamA}`);
  await expect(auction.getByLabel('Current bid')).toContainText('$1');
  await expect(rows.nth(0)).toContainText('drafted');
});

test('keepers added by the admin show in the room before the start', async ({ browser, request, page }) => {
  test.setTimeout(120_000);
  const l = await league(request, 'keep');
  const kept = l.players[2]!;
  const roomB = await openRoom(browser, l.ownerB, l.draftId);

  await loginAs(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  const draftRow = page
    .getByRole('region', { name: 'Draft Management' })
    .getByRole('listitem', { name: l.draftName, exact: true });
  await draftRow.getByRole('button', { name: 'Keepers' }).click();
  const dialog = page.getByRole('dialog', { name: `Keepers — ${l.draftName}` });
  await dialog.getByLabel('Team').selectOption({ label: `${l.teamB} #2` });
  await dialog.getByLabel('Find player').fill(kept.name);
  await expect(
    dialog.getByRole('combobox', { name: 'Player', exact: true }).locator(`option[value="${kept.playerId}"]`),
  ).toHaveCount(1);
  await dialog.getByRole('combobox', { name: 'Player', exact: true }).selectOption(kept.playerId);
  await dialog.getByLabel('Keeper cost').fill('12');
  await dialog.getByRole('button', { name: 'Add keeper' }).click();
  await expectToast(page, `Keeper added: ${kept.name} for $12`);
  await expect(dialog.getByRole('list', { name: 'Keepers' })).toContainText(`${kept.name}`);

  // The owner's room, still before the start, shows the keeper, one slot fewer and $12 less.
  await roomB.reload();
  const budgets = roomB.getByRole('list', { name: 'Team budgets' });
  await expect(budgets.getByLabel(`Keepers of ${l.teamB}`)).toContainText(`${kept.name} ($12)`);
  const rowB = budgets.getByRole('listitem').filter({ hasText: l.teamB });
  await expect(rowB).toContainText(`1/${PLAYERS_PER_TEAM} players`);
  await expect(rowB).toContainText(`$${BUDGET - 12}`);
  await keepScreenshot(roomB, 'keepers-before-start');
});
