// docs/product.md §2.6 (Draft room) and §4.8 (The draft room in the browser): one server runs several leagues' drafts.
// `/draft` shows the user's own draft; when that one completes, the same tab moves on to the first live draft's room,
// which must show that draft (loading first), never the completed draft's state under the next one's name.
import { expect, test } from './support/test.js';
import {
  bearer,
  createTwoOwnerLeague,
  envelopeData,
  openSignedIn,
  uniqueName,
  type TestDraftSettings,
} from './support/index.js';

const SETTINGS: TestDraftSettings = {
  playersPerTeam: 1,
  budgetPerTeam: 20,
  auctionTimeLimit: 300,
  bidTimeReset: 300,
  nominationTimeLimit: 300,
};

test("the live room moves on to the next live draft without showing the completed draft's state in it", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const earlier = await createTwoOwnerLeague(request, {
    owners: ['first_a', 'first_b'],
    teams: [uniqueName('First A'), uniqueName('First B')],
    draftName: uniqueName('First league'),
    settings: SETTINGS,
    start: true,
  });
  // Its owner's `/draft` opens it (their own draft, not the newest live one); once it completes, the first live one.
  const later = await createTwoOwnerLeague(request, {
    owners: ['second_a', 'second_b'],
    teams: [uniqueName('Second A'), uniqueName('Second B')],
    draftName: uniqueName('Second league'),
    settings: SETTINGS,
    start: true,
  });

  await openSignedIn(page, later.ownerA, '/draft');
  await expect(page.getByRole('heading', { level: 1, name: later.draftName })).toBeVisible();
  const liveAuction = page.getByRole('region', { name: 'Live Auction' });
  await expect(
    liveAuction.getByText('No player is up for auction. The team on the clock nominates the next one.'),
  ).toBeVisible();

  // The next draft reads slowly, and its auction snapshot cannot be read at all.
  await page.route(`**/api/drafts/${earlier.draftId}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.route(`**/api/auctions/draft/${earlier.draftId}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'Internal server error', data: null }),
    }),
  );

  // The admin fills both rosters of the later draft (one player each): it completes.
  const asAdmin = { headers: bearer(later.admin.token) };
  const { players } = await envelopeData<{ players: Array<{ playerId: string }> }>(
    await request.get(`/api/players?limit=2&draftId=${later.draftId}`, asAdmin),
  );
  for (const [index, teamId] of [later.teamAId, later.teamBId].entries()) {
    await envelopeData(
      await request.post('/api/players/assign', {
        ...asAdmin,
        data: { draftId: later.draftId, teamId, playerId: players[index]!.playerId, cost: 1 },
      }),
    );
  }

  // The tab moves on: the next draft loading, then its room, whose auction shows what that draft's own data says.
  await expect(page.getByText('Loading draft...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: earlier.draftName })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: later.draftName })).toHaveCount(0);
  await expect(
    liveAuction.getByText('No player is up for auction. The team on the clock nominates the next one.'),
  ).toBeVisible();
  await expect(liveAuction.getByText(/This draft is complete/)).toHaveCount(0);
});
