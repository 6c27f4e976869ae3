// docs/product.md §5.2 (Admin forms) and §5.1: names as long as they may be, with no space to wrap at — a 100-character
// draft name, a 50-character team name, a 30-character username — must not push controls off the screen, hide the
// "(You)" marker or spill text over the neighbouring cards: the room, the chat, the picks page and the audit page.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  ADMIN,
  apiLogin,
  bearer,
  envelopeData,
  openSignedIn,
  TEST_PASSWORD,
  uniqueName,
} from './support/index.js';

const VIEWPORT = { width: 1280, height: 900 };

/** `inner` lies horizontally within `outer` (one pixel of rounding allowed). */
async function expectWithin(inner: Locator, outer: Locator, what: string): Promise<void> {
  const [a, b] = [(await inner.boundingBox())!, (await outer.boundingBox())!];
  expect(a.x, `${what}: left edge`).toBeGreaterThanOrEqual(b.x - 1);
  expect(a.x + a.width, `${what}: right edge`).toBeLessThanOrEqual(b.x + b.width + 1);
}

async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const box = (await locator.boundingBox())!;
  expect(box.x + box.width, `${what} is on the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('the longest names without spaces keep controls and markers on screen', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await apiLogin(request, ADMIN.email, ADMIN.password);
  await envelopeData(await request.post('/api/players/sync', { headers: bearer(admin.token) }));

  // A username of 30 characters: letters only, no underscore to break at.
  const suffix = uniqueName('x').slice(2);
  const username = `${'W'.repeat(30 - suffix.length)}${suffix}`;
  const email = `${username.toLowerCase()}@example.com`;
  const owner = await envelopeData<{ token: string; user: { _id: string; username: string } }>(
    await request.post('/api/auth/register', { data: { username, email, password: TEST_PASSWORD } }),
  );
  const teamName = `${'W'.repeat(50 - suffix.length)}${suffix}`;
  const draftName = `${'D'.repeat(100 - suffix.length)}${suffix}`;
  const teamIds: string[] = [];
  for (const [name, teamNumber] of [
    [teamName, 1],
    [uniqueName('Rivals'), 2],
  ] as const) {
    const { team } = await envelopeData<{ team: { _id: string } }>(
      await request.post('/api/teams', { headers: bearer(admin.token), data: { name, teamNumber } }),
    );
    teamIds.push(team._id);
  }
  await envelopeData(
    await request.post(`/api/teams/${teamIds[0]}/assign-owner`, {
      headers: bearer(admin.token),
      data: { userId: owner.user._id },
    }),
  );
  const { draft } = await envelopeData<{ draft: { _id: string } }>(
    await request.post('/api/drafts', {
      headers: bearer(admin.token),
      data: { name: draftName, settings: { teamsCount: 2, playersPerTeam: 2, nominationTimeLimit: 600 } },
    }),
  );
  await envelopeData(
    await request.post(`/api/drafts/${draft._id}/teams`, { headers: bearer(admin.token), data: { teamIds } }),
  );
  await envelopeData(await request.post(`/api/drafts/${draft._id}/start`, { headers: bearer(admin.token) }));
  // A sale, so the picks page has a row of this draft.
  const { players } = await envelopeData<{ players: { playerId: string }[] }>(
    await request.get('/api/players?available=true&limit=1', { headers: bearer(admin.token) }),
  );
  await envelopeData(
    await request.post(`/api/drafts/${draft._id}/pick`, {
      headers: bearer(admin.token),
      data: { playerId: players[0]!.playerId, teamId: teamIds[1], cost: 3 },
    }),
  );

  // A corrected pick with a 100-character player name (the longest a pick edit takes).
  const playerName = 'P'.repeat(100);
  const { picks } = await envelopeData<{ picks: { _id: string; position: string }[] }>(
    await request.get(`/api/drafts/${draft._id}/picks`, { headers: bearer(admin.token) }),
  );
  await envelopeData(
    await request.put(`/api/drafts/${draft._id}/picks/${picks[0]!._id}`, {
      headers: bearer(admin.token),
      data: { playerName },
    }),
  );

  // The owner's room: the "(You)" after the long team name stays inside its row; the long username in the chat stays
  // inside the chat.
  const context = await browser.newContext({ viewport: VIEWPORT });
  const room = await context.newPage();
  await openSignedIn(room, { token: owner.token, user: owner.user as never }, `/draft/${draft._id}`);
  const ownRow = room
    .getByRole('list', { name: 'Team budgets' })
    .getByRole('listitem')
    .filter({ hasText: teamName });
  const you = ownRow.getByText('(You)');
  await expect(you).toBeVisible();
  await expectWithin(you, ownRow, '"(You)" in Team Budgets');
  await room.getByRole('textbox', { name: 'Chat message' }).fill('hello');
  await room.getByRole('button', { name: 'Send' }).click();
  const log = room.getByRole('log', { name: 'Chat messages' });
  const author = log.getByText(username, { exact: true });
  await expect(author).toBeVisible();
  await expectWithin(author, log, 'the username in the chat');
  // A message of stacked combining marks ("zalgo") stays on its own lines: the name and time above it stay readable.
  const zalgo = `Z${'\u0336\u0321\u0322\u031b\u0300\u0301\u0302\u0303\u0304\u0305'.repeat(20)}`;
  await room.getByRole('textbox', { name: 'Chat message' }).fill(zalgo);
  await room.getByRole('button', { name: 'Send' }).click();
  const zalgoItem = log.getByRole('listitem').filter({ hasText: zalgo });
  await expect(zalgoItem).toBeVisible();
  const header = zalgoItem.locator('p').first();
  const withMarks = await header.screenshot();
  await zalgoItem
    .locator('p')
    .nth(1)
    .evaluate((text) => {
      (text as HTMLElement).style.visibility = 'hidden';
    });
  expect(withMarks.equals(await header.screenshot()), 'the marks do not draw over the name and time').toBe(
    true,
  );
  await context.close();

  // The picks page: the draft filter, with the long name among its options, leaves Refresh on the screen and the
  // search box usable.
  await page.setViewportSize(VIEWPORT);
  await openSignedIn(page, admin, '/admin/picks');
  const filter = page.getByRole('combobox', { name: /^Filter by Draft/ });
  await expect(filter).toBeVisible();
  await expect(filter.locator('option', { hasText: draftName })).toHaveCount(1);
  await expectOnScreen(page, page.getByRole('button', { name: 'Refresh' }), 'Refresh');
  await expectOnScreen(page, filter, 'the draft filter');
  const search = (await page.getByRole('searchbox').boundingBox())!;
  expect(search.width, 'the search box keeps room to type').toBeGreaterThan(200);
  // The long player name wraps in its cell: the row's Edit and Undo stay on the screen without scrolling sideways.
  await expectOnScreen(page, page.getByRole('button', { name: `Edit pick #1: ${playerName}` }), 'Edit pick');
  await expectOnScreen(page, page.getByRole('button', { name: `Undo pick #1: ${playerName}` }), 'Undo pick');

  // The audit page: the title wraps inside the screen, and each team's name inside its card.
  await page.goto(`/admin/drafts/${draft._id}/audit`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toContainText(draftName);
  await expectOnScreen(page, title, 'the audit title');
  await expectOnScreen(page, page.getByRole('button', { name: 'Back to Admin' }), 'Back to Admin');
  const card = page.getByRole('listitem', { name: teamName });
  await expect(card).toBeVisible();
  await expectWithin(card.getByRole('heading', { name: teamName }), card, 'the team name in its audit card');
  // The long player name in the buying team's roster is cut short, not the position after it.
  const rivalCard = page.getByRole('listitem', { name: /^Rivals-/ });
  const position = rivalCard.getByText(picks[0]!.position, { exact: true });
  await expect(position).toBeVisible();
  await expectWithin(position, rivalCard, "the position after the long player's name");
});
