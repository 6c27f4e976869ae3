// Issue 4 and docs/product.md §2.6 (Draft room), §2.10 (Draft picks management), §4.4 (Live auction) and §4.9 (Chat
// and typing): two owners in two browsers run a live auction the admin started, chat with each other, and see the
// admin's correction and undo of the pick on /admin/picks arrive in both rooms.
import { type Page } from '@playwright/test';
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
/** Short clocks so the test sees an auction end; nominations get a long one so nobody is auto-nominated. */
const AUCTION_SECONDS = 6;

function budgetRow(page: Page, teamName: string) {
  return page.getByRole('list', { name: 'Team budgets' }).getByRole('listitem').filter({ hasText: teamName });
}

test('two owners run a live auction, chat, and see an admin edit and undo the pick', async ({
  browser,
  page: adminPage,
  request,
}) => {
  test.setTimeout(120_000);
  // The league: two owners, two teams, one draft with short clocks, set up through the API.
  const { admin, ownerA, ownerB, teamA, teamB, draftId, draftName } = await createTwoOwnerLeague(request, {
    owners: ['owner_a', 'owner_b'],
    // Team B's name is as long as a name may be (50) and has no space to wrap at: the room must still show amounts.
    teams: [uniqueName('Team A'), uniqueName(`Team${'B'.repeat(36)}`)],
    draftName: uniqueName('Live auction'),
    settings: {
      playersPerTeam: PLAYERS_PER_TEAM,
      budgetPerTeam: BUDGET,
      auctionTimeLimit: AUCTION_SECONDS,
      bidTimeReset: AUCTION_SECONDS,
      nominationTimeLimit: 300,
    },
  });

  // Both owners wait in the room; the admin starts the draft from the Admin page.
  const roomA = await openRoom(browser, ownerA, draftId);
  const roomB = await openRoom(browser, ownerB, draftId);
  await loginAs(adminPage, ADMIN.email, ADMIN.password);
  await adminPage.goto('/admin');
  const draftRow = adminPage
    .getByRole('region', { name: 'Draft Management' })
    .getByRole('listitem', { name: draftName, exact: true });
  await draftRow.getByRole('button', { name: 'Start' }).click();
  await expectToast(adminPage, 'Draft started successfully');
  await expectToast(roomA, 'Draft has started!');
  await expect(roomA.getByText('Your Turn!')).toBeVisible();
  await expect(roomB.getByText(`${teamA}'s Turn`)).toBeVisible();

  // Team A nominates the best available player by ADP (the grid's first card) for $1.
  const { players } = await envelopeData<{ players: { name: string }[] }>(
    await request.get('/api/players?available=true&limit=1', { headers: bearer(admin.token) }),
  );
  const playerName = players[0]!.name;
  const firstCard = roomA
    .getByRole('region', { name: 'Available Players' })
    .getByRole('button', { name: playerName, exact: true });
  await firstCard.click();
  const nomination = roomA.getByRole('region', { name: 'Nomination' });
  await nomination.getByLabel('Opening bid').fill('1');
  await nomination.getByRole('button', { name: 'Nominate' }).click();

  // The browsers bid over the live socket they hold (ADR 0035): no bid goes over REST unless the socket fails.
  const restBids: string[] = [];
  for (const room of [roomA, roomB]) {
    room.on('request', (sent) => {
      if (/\/api\/auctions\/[^/]+\/bid$/.test(new URL(sent.url()).pathname)) restBids.push(sent.url());
    });
  }

  // Team B sees the auction and bids $3; team A sees it, and outbids with +$1.
  const auctionB = roomB.getByRole('region', { name: 'Live Auction' });
  await expect(auctionB).toContainText(playerName);
  await auctionB.getByLabel('Bid amount').fill('3');
  await auctionB.getByRole('button', { name: 'Place Bid' }).click();
  await expectToast(roomB, 'Bid placed: $3');
  const auctionA = roomA.getByRole('region', { name: 'Live Auction' });
  await expect(auctionA.getByLabel('Current bid')).toContainText('$3');
  // On a phone's width the amount and the start of the long bidder's name stay inside the panel.
  const desktop = roomA.viewportSize();
  await roomA.setViewportSize({ width: 390, height: 844 });
  const panel = (await auctionA.boundingBox())!;
  for (const shown of [auctionA.getByLabel('Current bid'), auctionA.getByLabel('High bidder')]) {
    const box = (await shown.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(box.x).toBeGreaterThanOrEqual(panel.x);
  }
  if (desktop) await roomA.setViewportSize(desktop);
  await expect(
    roomA
      .getByRole('status')
      .filter({ hasText: /bid \$3$/ })
      .first(),
  ).toBeVisible();
  await auctionA.getByRole('button', { name: '+$1', exact: true }).click();
  await auctionA.getByRole('button', { name: 'Place Bid' }).click();
  await expectToast(roomA, 'Bid placed: $4');
  await expect(auctionB.getByLabel('Current bid')).toContainText('$4');
  await expect(auctionB.getByLabel('High bidder')).toContainText(teamA);
  expect(restBids).toEqual([]);
  // The high bidder cannot outbid itself.
  await expect(auctionA.getByRole('button', { name: 'Place Bid' })).toBeDisabled();
  await keepScreenshot(roomB, 'live-auction-bidding');

  // The clock runs out: both rooms show the sale, team A's budget and roster, and the pick count.
  const sale = `${teamA} won ${playerName} for $4`;
  for (const room of [roomA, roomB]) {
    await expect(room.getByText(sale).first()).toBeVisible({ timeout: (AUCTION_SECONDS + 10) * 1000 });
    await expect(budgetRow(room, teamA)).toContainText(`1/${PLAYERS_PER_TEAM} players`);
    await expect(budgetRow(room, teamA)).toContainText(`$${BUDGET - 4}`);
    await expect(budgetRow(room, teamB)).toContainText(`$${BUDGET}`);
    await expect(room.getByText(`Picks: 1 / ${2 * PLAYERS_PER_TEAM}`)).toBeVisible();
  }
  // The turn passed to team B.
  await expect(roomB.getByText('Your Turn!')).toBeVisible();
  await keepScreenshot(roomA, 'live-auction-sold');

  // Chat: A types (B sees the indicator), then sends with Enter (B sees the message).
  const chatA = roomA.getByRole('textbox', { name: 'Chat message', exact: true });
  await chatA.fill('good luck');
  await expect(roomB.getByRole('status').filter({ hasText: ownerA.user.username })).toContainText(/typing/i);
  await chatA.press('Enter');
  await expect(roomB.getByRole('log', { name: 'Chat messages' })).toContainText('good luck');
  await expect(roomB.getByRole('log', { name: 'Chat messages' })).toContainText(ownerA.user.username);

  // The admin corrects the pick's cost on /admin/picks: both rooms see team A's budget follow.
  await adminPage.goto('/admin/picks');
  await adminPage
    .getByRole('combobox', { name: 'Filter by Draft' })
    .selectOption({ label: `${draftName} (active)` });
  await adminPage.getByRole('button', { name: `Edit pick #1: ${playerName}` }).click();
  await adminPage.getByLabel('Cost').fill('7');
  await adminPage.getByRole('button', { name: 'Save' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Confirm Pick Update' });
  await expect(confirm).toContainText('This action cannot be easily undone.');
  await confirm.getByRole('button', { name: 'Update Pick' }).click();
  await expectToast(adminPage, 'Pick updated successfully');
  for (const room of [roomA, roomB]) await expect(budgetRow(room, teamA)).toContainText(`$${BUDGET - 7}`);

  // ...then undoes it: the player is free again, the budget whole, the roster empty, in both rooms.
  await adminPage.getByRole('button', { name: `Undo pick #1: ${playerName}` }).click();
  const undo = adminPage.getByRole('dialog', { name: 'Undo Pick' });
  await undo.getByRole('button', { name: 'Undo Pick' }).click();
  await expect(adminPage.getByText('No picks found matching your criteria')).toBeVisible();
  for (const room of [roomA, roomB]) {
    await expectToast(room, 'Pick #1 has been undone');
    await expect(budgetRow(room, teamA)).toContainText(`0/${PLAYERS_PER_TEAM} players`);
    await expect(budgetRow(room, teamA)).toContainText(`$${BUDGET}`);
    await expect(room.getByText(`Picks: 0 / ${2 * PLAYERS_PER_TEAM}`)).toBeVisible();
  }
  await keepScreenshot(roomB, 'live-auction-undone');
});
