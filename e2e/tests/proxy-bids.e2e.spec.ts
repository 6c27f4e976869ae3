// Issue 13, part 1 (ADR 0017): an owner sets a maximum (proxy) bid in the draft room; a rival's bids below it are
// answered at once and the rival is told so; only a bid above the maximum outbids the owner, who is told too.
import { expect, test } from './support/test.js';
import {
  bearer,
  createTwoOwnerLeague,
  envelopeData,
  expectToast,
  keepScreenshot,
  openRoom,
  uniqueName,
} from './support/index.js';

test('an owner sets a maximum bid and is outbid only above it', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // The league through the API: two owners, a started draft with long clocks (nothing closes during the test).
  const { admin, ownerA, ownerB, teamA, teamB, draftId } = await createTwoOwnerLeague(request, {
    owners: ['rival', 'proxy'],
    teams: [uniqueName('Rivals'), uniqueName('Proxies')],
    draftName: uniqueName('Proxy draft'),
    settings: {
      playersPerTeam: 3,
      budgetPerTeam: 50,
      auctionTimeLimit: 300,
      bidTimeReset: 300,
      nominationTimeLimit: 300,
    },
    start: true,
  });
  const { players } = await envelopeData<{ players: { playerId: string; name: string }[] }>(
    await request.get('/api/players?available=true&limit=1', { headers: bearer(admin.token) }),
  );
  const player = players[0]!;
  await envelopeData(
    await request.post('/api/auctions/nominate', {
      headers: bearer(ownerA.token),
      data: { draftId: draftId, playerId: player.playerId, openingBid: 1 },
    }),
  );

  const roomA = await openRoom(browser, ownerA, draftId);
  const roomB = await openRoom(browser, ownerB, draftId);
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
