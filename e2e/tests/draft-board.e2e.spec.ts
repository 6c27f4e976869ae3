// Issue 13, part 4 and docs/product.md §2.11 (Draft board): an owner opens the board from the draft room; when an
// auction sells, the buyer's column shows the pick, its money left, max bid and open slots without a reload.
import { expect, test } from './support/test.js';
import {
  bearer,
  createTwoOwnerLeague,
  envelopeData,
  keepScreenshot,
  openSignedIn,
  uniqueName,
} from './support/index.js';

const PLAYERS_PER_TEAM = 3;
const BUDGET = 50;
/** A short auction clock so the sale happens during the test; a long nomination clock so nothing is auto-nominated. */
const AUCTION_SECONDS = 4;

test('the draft board updates live after a sale', async ({ page, request }) => {
  test.setTimeout(90_000);
  // The league through the API: two owners, a started draft.
  const { admin, ownerA, ownerB, teamA, teamB, teamBId, draftId, draftName } = await createTwoOwnerLeague(
    request,
    {
      owners: ['board_a', 'board_b'],
      teams: [uniqueName('Board A'), uniqueName('Board B')],
      draftName: uniqueName('Board draft'),
      settings: {
        playersPerTeam: PLAYERS_PER_TEAM,
        budgetPerTeam: BUDGET,
        auctionTimeLimit: AUCTION_SECONDS,
        bidTimeReset: AUCTION_SECONDS,
        nominationTimeLimit: 300,
      },
      start: true,
    },
  );

  // Owner B opens the room and follows its link to the board: two empty columns, in team-number order.
  await openSignedIn(page, ownerB, `/draft/${draftId}`);
  // The room's alert switches (issue 13, part 5): sound on and notifications off until the user turns them on.
  await expect(page.getByRole('checkbox', { name: 'Sound alerts' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Browser notifications' })).not.toBeChecked();
  await keepScreenshot(page, 'draft-room-alert-switches');
  await page.getByRole('link', { name: 'Draft Board' }).click();
  await expect(page).toHaveURL(new RegExp(`/draft/${draftId}/board$`));
  await expect(page.getByRole('heading', { name: `Draft Board: ${draftName}` })).toBeVisible();
  const board = page.getByRole('list', { name: 'Draft board' });
  await expect(board.getByRole('region')).toHaveCount(2);
  const columnA = board.getByRole('region', { name: teamA, exact: true });
  const columnB = board.getByRole('region', { name: teamB, exact: true });
  await expect(columnB).toContainText('(You)');
  await expect(columnB.getByLabel('Money left')).toHaveText(`$${BUDGET}`);
  // $50 − $1 × (3 − 1) open slots
  await expect(columnB.getByLabel('Max bid')).toHaveText(`$${BUDGET - (PLAYERS_PER_TEAM - 1)}`);
  await expect(columnB.getByLabel('Open slots')).toHaveText(`${PLAYERS_PER_TEAM} of ${PLAYERS_PER_TEAM}`);
  await expect(columnB).toContainText('No picks yet');
  // A marker on the window: still there after the sale means the board changed without a reload.
  await page.evaluate(() => ((window as unknown as { boardMarker: number }).boardMarker = 1));

  // A nominates at $1, B bids $3 (both through the API), and the server's clock sells the player to B.
  const { players } = await envelopeData<{ players: { playerId: string; name: string; position: string }[] }>(
    await request.get('/api/players?available=true&limit=1', { headers: bearer(admin.token) }),
  );
  const player = players[0]!;
  const { auction } = await envelopeData<{ auction: { _id: string } }>(
    await request.post('/api/auctions/nominate', {
      headers: bearer(ownerA.token),
      data: { draftId: draftId, playerId: player.playerId, openingBid: 1 },
    }),
  );
  await envelopeData(
    await request.post(`/api/auctions/${auction._id}/bid`, {
      headers: bearer(ownerB.token),
      data: { bidAmount: 3, teamId: teamBId },
    }),
  );

  const picksB = columnB.getByRole('list', { name: `${teamB} picks` });
  await expect(picksB).toContainText(player.name, { timeout: (AUCTION_SECONDS + 15) * 1000 });
  await expect(picksB.getByRole('listitem')).toHaveCount(1);
  await expect(picksB).toContainText('$3');
  await expect(picksB.locator(`[data-position="${player.position}"]`)).toBeVisible();
  await expect(columnB.getByLabel('Money left')).toHaveText(`$${BUDGET - 3}`);
  await expect(columnB.getByLabel('Max bid')).toHaveText(`$${BUDGET - 3 - (PLAYERS_PER_TEAM - 2)}`);
  await expect(columnB.getByLabel('Open slots')).toHaveText(`${PLAYERS_PER_TEAM - 1} of ${PLAYERS_PER_TEAM}`);
  await expect(columnB.getByLabel(`${player.position.toUpperCase()}: 1`)).toBeVisible();
  await expect(columnA.getByLabel('Money left')).toHaveText(`$${BUDGET}`);
  await expect(page.getByText(`Picks: 1 / ${2 * PLAYERS_PER_TEAM}`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { boardMarker?: number }).boardMarker)).toBe(1);
  await keepScreenshot(page, 'draft-board-after-sale');
});
