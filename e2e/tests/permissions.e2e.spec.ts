// docs/product.md §2.1 (Routes and guards), §6 (Roles and permissions) and §8.1 (Failed calls: 401): who sees the
// admin area, and what an invalid session leads to.
import { expect, test } from './support/test.js';
import {
  ADMIN,
  apiLogin,
  bearer,
  envelopeData,
  expectToast,
  keepScreenshot,
  mainNav,
  openSignedIn,
  registerAccount,
} from './support/index.js';

const SESSION_EXPIRED = 'Session expired. Please login again.';

test('a regular user is kept out of the admin area and sees no Admin link', async ({ page, request }) => {
  const account = await registerAccount(request, 'regular');
  await openSignedIn(page, account, '/admin');

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(account.user.username);
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Teams' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create Draft' })).toHaveCount(0);
  await expect(page.getByText('Contact an admin to assign you to a team')).toBeVisible();

  await page.goto('/admin/picks');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The API refuses too, whatever the screens show.
  const users = await request.get('/api/users', { headers: bearer(account.token) });
  expect(users.status()).toBe(403);
  await keepScreenshot(page, 'dashboard-regular-user');
});

test('the admin sees the Admin link and may open the admin area', async ({ page, request }) => {
  const session = await apiLogin(request, ADMIN.email, ADMIN.password);
  await openSignedIn(page, session);

  await expect(page).toHaveURL(/\/dashboard$/);
  await mainNav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
});

test('a stored token the server does not accept leads to /login with "Session expired"', async ({
  page,
  request,
}) => {
  const account = await registerAccount(request, 'bogus');
  await openSignedIn(page, account);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(account.user.username);

  await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
  await page.reload();

  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, SESSION_EXPIRED);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
    null,
    null,
  ]);
});

test('a session revoked elsewhere ends the open page at once with "Session expired"', async ({
  page,
  request,
}) => {
  const session = await apiLogin(request, ADMIN.email, ADMIN.password);
  await openSignedIn(page, session);
  await mainNav(page).getByRole('link', { name: 'Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /^Connected \(\d+\)$/, visible: true }),
  ).toBeVisible();
  // Logging this token out from another client (another device) revokes it on the server and ends its sockets;
  // the page asks the server about its session and leaves, without the user doing anything.
  await envelopeData(await request.post('/api/auth/logout', { headers: bearer(session.token) }));
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, SESSION_EXPIRED);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await keepScreenshot(page, 'login-session-expired');

  // The revoked token is refused everywhere.
  const revoked = await request.get('/api/drafts', { headers: bearer(session.token) });
  expect(revoked.status()).toBe(401);
});
