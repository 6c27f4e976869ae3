// Issue 13, parts 2 and 6 (ADR 0018): an owner queues three players in the draft room and lets the nomination clock
// run out: the first still available is nominated for $1. Keepers added by the admin show before the start.
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  ADMIN,
  bearer,
  createTwoOwnerLeague,
  envelopeData,
  expectToast,
  keepScreenshot,
  loginAs,
  openRoom,
  uniqueName,
} from './support/index.js';

const PLAYERS_PER_TEAM = 3;
const BUDGET = 50;

type CatalogPlayer = { playerId: string; name: string };

/** Two owners, their teams in a created draft with a short nomination clock; players synced. */
async function league(request: APIRequestContext, label: string) {
  const created = await createTwoOwnerLeague(request, {
    owners: [`${label}a`, `${label}b`],
    teams: [uniqueName('Queuers'), uniqueName('Keepers')],
    draftName: uniqueName('Queue draft'),
    settings: {
      playersPerTeam: PLAYERS_PER_TEAM,
      budgetPerTeam: BUDGET,
      auctionTimeLimit: 300,
      bidTimeReset: 300,
      nominationTimeLimit: 3,
    },
  });
  const { players } = await envelopeData<{ players: CatalogPlayer[] }>(
    await request.get('/api/players?available=true&limit=8', { headers: bearer(created.admin.token) }),
  );
  return { ...created, players };
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
