// Issue 13, part 1 (ADR 0017): an owner sets a maximum (proxy) bid in the draft room; a rival's bids below it are
// answered at once and the rival is told so; only a bid above the maximum outbids the owner, who is told too.
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  ADMIN,
  apiLogin,
  bearer,
  envelopeData,
  expectToast,
  keepScreenshot,
  openSignedIn,
  registerAccount,
  uniqueName,
  type Account,
} from './support/index.js';

async function createTeam(request: APIRequestContext, token: string, name: string, teamNumber: number) {
  const { team } = await envelopeData<{ team: { _id: string } }>(
    await request.post('/api/teams', { headers: bearer(token), data: { name, teamNumber } }),
  );
  return team._id;
}

async function openRoom(browser: Browser, account: Account, draftId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openSignedIn(page, account, `/draft/${draftId}`);
  await expect(page.getByRole('region', { name: 'Live Auction' })).toBeVisible();
  return page;
}

test('an owner sets a maximum bid and is outbid only above it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  await envelopeData(await request.post('/api/players/sync', { headers: bearer(admin.token) }));

  // The league through the API: two owners, a started draft with long clocks (nothing closes during the test).
  const [ownerA, ownerB] = [await registerAccount(request, 'rival'), await registerAccount(request, 'proxy')];
  const [teamA, teamB] = [uniqueName('Rivals'), uniqueName('Proxies')];
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
  const { draft } = await envelopeData<{ draft: { _id: string } }>(
    await request.post('/api/drafts', {
      headers: bearer(admin.token),
      data: {
        name: uniqueName('Proxy draft'),
        settings: {
          teamsCount: 2,
          playersPerTeam: 3,
          budgetPerTeam: 50,
          draftType: 'auction',
          auctionTimeLimit: 300,
          bidTimeReset: 300,
          nominationTimeLimit: 300,
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
  await envelopeData(await request.post(`/api/drafts/${draft._id}/start`, { headers: bearer(admin.token) }));
  const { players } = await envelopeData<{ players: { playerId: string; name: string }[] }>(
    await request.get('/api/players?available=true&limit=1', { headers: bearer(admin.token) }),
  );
  const player = players[0]!;
  await envelopeData(
    await request.post('/api/auctions/nominate', {
      headers: bearer(ownerA.token),
      data: { draftId: draft._id, playerId: player.playerId, openingBid: 1 },
    }),
  );

  const roomA = await openRoom(browser, ownerA, draft._id);
  const roomB = await openRoom(browser, ownerB, draft._id);
  const auctionA = roomA.getByRole('region', { name: 'Live Auction' });
  const auctionB = roomB.getByRole('region', { name: 'Live Auction' });
  await expect(auctionB).toContainText(player.name);

  // B sets a $10 maximum: it bids $2 at once, and only B sees the amount.
  await auctionB.getByLabel('Max bid (proxy)').fill('10');
  await auctionB.getByRole('button', { name: 'Set max' }).click();
  await expectToast(roomB, 'Maximum bid set: $10');
  await expect(auctionB.getByTestId('proxy-status')).toContainText('Your maximum: $10');
  await expect(auctionA.getByLabel('Current bid')).toContainText('$2');
  await expect(auctionA.getByLabel('High bidder')).toContainText(teamB);
  await expect(auctionA.getByTestId('proxy-status')).toContainText('No maximum');

  // A bids $6: B's maximum answers at once with $7, and A is told straight away.
  await auctionA.getByLabel('Bid amount').fill('6');
  await auctionA.getByRole('button', { name: 'Place Bid' }).click();
  await expectToast(roomA, 'Outbid at once by a maximum bid: $7');
  for (const auction of [auctionA, auctionB]) {
    await expect(auction.getByLabel('Current bid')).toContainText('$7');
    await expect(auction.getByLabel('High bidder')).toContainText(teamB);
  }
  await keepScreenshot(roomA, 'proxy-bid-answered');

  // A bids $10, B's maximum: the earlier maximum wins at that amount.
  await auctionA.getByLabel('Bid amount').fill('10');
  await auctionA.getByRole('button', { name: 'Place Bid' }).click();
  await expectToast(roomA, 'Outbid at once by a maximum bid: $10');
  await expect(auctionB.getByLabel('High bidder')).toContainText(teamB);

  // Only a bid above the maximum outbids B, who is told, and sees its maximum was passed.
  await auctionA.getByLabel('Bid amount').fill('11');
  await auctionA.getByRole('button', { name: 'Place Bid' }).click();
  await expectToast(roomA, 'Bid placed: $11');
  await expect(auctionB.getByLabel('Current bid')).toContainText('$11');
  await expect(auctionB.getByLabel('High bidder')).toContainText(teamA);
  await expectToast(roomB, `Outbid: ${teamA} bid $11`);
  await expect(auctionB.getByTestId('proxy-status')).toContainText('Outbid above your maximum');
  await keepScreenshot(roomB, 'proxy-bid-outbid');
});
