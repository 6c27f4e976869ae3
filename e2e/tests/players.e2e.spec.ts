// Issue 3 and docs/product.md §2.8 (Admin dashboard: the Sync Players card), §2.6 (Draft room) and §8.5 (Success and
// live toasts): an admin syncs the player pool, opens a draft room, finds players by part of a misspelt name, filters
// by position and selects one.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  ADMIN,
  bearer,
  envelopeData,
  expectToast,
  keepScreenshot,
  loginAs,
  mainNav,
  tokenOf,
  uniqueName,
} from './support/index.js';

const SYNC_COMPLETED = /^Player sync completed: (\d+) players updated$/;

/** The position badges of the cards in the grid, in order. */
async function shownPositions(grid: Locator): Promise<string[]> {
  return grid.locator('[data-position]').allTextContents();
}

/** Clicks a position filter and waits until the grid shows players of that position only. */
async function filterBy(page: Page, grid: Locator, position: string): Promise<void> {
  const filters = page.getByRole('group', { name: 'Filter by position' });
  await filters.getByRole('button', { name: position, exact: true }).click();
  await expect(filters.getByRole('button', { name: position, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(filters.getByRole('button', { name: 'ALL', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await expect
    .poll(async () => {
      const positions = await shownPositions(grid);
      return positions.length > 0 && positions.every((shown) => shown === position);
    })
    .toBe(true);
}

test('an admin syncs players, then finds, filters and selects them in a draft room', async ({
  page,
  request,
}) => {
  // The sync runs the whole bundled pool through the job queue; the rest is quick.
  test.setTimeout(120_000);

  await loginAs(page, ADMIN.email, ADMIN.password);
  const token = await tokenOf(page);

  // Sync Players from the Admin page.
  await mainNav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Sync Players' }).click();
  const completed = page.getByRole('status').filter({ hasText: SYNC_COMPLETED });
  await expect(completed.first()).toBeVisible({ timeout: 60_000 });
  const updated = Number(SYNC_COMPLETED.exec((await completed.first().textContent()) ?? '')?.[1]);
  expect(updated).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Sync Players' })).toBeEnabled();
  await expect(page.getByText(/^Last synced (just now|\d+ minutes? ago)$/)).toBeVisible();
  await keepScreenshot(page, 'admin-players-synced');

  // A draft of its own, made through the API, opened by its address.
  const draftName = uniqueName('players');
  const { draft } = await envelopeData<{ draft: { _id: string } }>(
    await request.post('/api/drafts', { headers: bearer(token), data: { name: draftName } }),
  );
  await page.goto(`/draft/${draft._id}`);
  await expect(page.getByRole('heading', { level: 1, name: draftName })).toBeVisible();
  await expect(page.getByText('Picks: 0 / 240')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Team Budgets' })).toBeVisible();

  // An empty box lists the pool, best ADP first, 50 at most.
  const grid = page.getByRole('region', { name: 'Available Players' });
  await expect(grid.getByRole('listitem')).toHaveCount(50);

  // Part of a name, misspelt: the right player comes first.
  const search = page.getByRole('searchbox', { name: 'Search available players...' });
  await search.fill('patrik mahom');
  const mahomes = grid.getByRole('button', { name: 'Patrick Mahomes', exact: true });
  await expect(mahomes).toBeVisible();
  await expect(grid.getByRole('listitem').first()).toContainText('Patrick Mahomes');
  await expect(mahomes).toContainText('KC');
  await expect(mahomes).toContainText(/#\d+|\?\?/);
  await expect(mahomes).toContainText(/Proj\. Pts\s*\d+\.\d(?!\d)/);

  await search.fill('jahmyr gibs');
  await expect(grid.getByRole('listitem').first()).toContainText('Jahmyr Gibbs');

  // Position filters, on the whole pool.
  await search.fill('');
  await filterBy(page, grid, 'RB');
  await expect(grid.getByRole('button', { name: 'Jahmyr Gibbs', exact: true })).toBeVisible();
  await filterBy(page, grid, 'QB');
  await keepScreenshot(page, 'draft-room-qb');

  // A filtered search: clicking the card only says which player was selected.
  await search.fill('mahomes');
  await expect(grid.getByRole('listitem').first()).toContainText('Patrick Mahomes');
  expect(new Set(await shownPositions(grid))).toEqual(new Set(['QB']));
  await mahomes.click();
  await expectToast(page, 'Selected Patrick Mahomes (QB) - KC');
});
