// docs/product.md §2.1 (Routes and guards), §2.3 (Login), §2.4 (Register), §5.1 (Sign-in and registration) and §8.5
// (Success and live toasts): signing up, out and in again; §4.1: a profile changed on another device.
import { type Page, type Request } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  apiLogin,
  bearer,
  expectToast,
  keepScreenshot,
  loginAs,
  mainNav,
  openSignedIn,
  registerAccount,
  TEST_PASSWORD,
  uniqueEmail,
  uniqueUsername,
} from './support/index.js';

/** Collects the requests a page sends to one API path, to prove a form sent nothing. */
function recordRequests(page: Page, pathname: string): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) sent.push(request);
  });
  return sent;
}

test.describe('registration, logout and login', () => {
  test('a new user registers, logs out and logs in again', async ({ page }) => {
    const username = uniqueUsername('reg');
    const email = uniqueEmail('reg');
    const registerCalls = recordRequests(page, '/api/auth/register');

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email address').fill(email);

    // The live checklist: the length rule at once, "Passwords match" only once the confirmation has text.
    const checklist = page.getByRole('list', { name: 'Password requirements' });
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(checklist.getByRole('listitem')).toHaveText(['At least 6 characters long(not met)']);
    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await expect(checklist.getByRole('listitem')).toHaveText(['At least 6 characters long(met)']);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${TEST_PASSWORD}x`);
    await expect(checklist.getByRole('listitem')).toHaveText([
      'At least 6 characters long(met)',
      'Passwords match(not met)',
    ]);

    // A mismatch fails in the browser and sends nothing.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Passwords do not match' })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    expect(registerCalls).toHaveLength(0);

    await page.getByLabel('Confirm password', { exact: true }).fill(TEST_PASSWORD);
    await expect(checklist.getByRole('listitem').filter({ hasText: 'Passwords match' })).toHaveText(
      'Passwords match(met)',
    );
    await keepScreenshot(page, 'register-form');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, `Welcome, ${username}! Account created successfully.`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
    expect(registerCalls).toHaveLength(1);
    // The confirmation is checked in the browser and never sent.
    expect(registerCalls[0].postDataJSON()).toEqual({ username, email, password: TEST_PASSWORD });
    await keepScreenshot(page, 'dashboard-new-user');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, 'Logged out successfully');
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);

    await loginAs(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, `Welcome back, ${username}!`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(username);
  });

  test('a wrong password shows an error and stays on the login page', async ({ page, request }) => {
    const account = await registerAccount(request, 'wrongpw');

    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(`${account.password}-wrong`);
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page.getByRole('alert').filter({ hasText: /invalid email or password/i })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await keepScreenshot(page, 'login-wrong-password');
  });

  test('the login form checks its fields before sending anything', async ({ page }) => {
    const loginCalls = recordRequests(page, '/api/auth/login');
    await page.goto('/login');
    const email = page.getByLabel('Email address');
    const password = page.getByLabel('Password', { exact: true });
    const errors = page.getByRole('alert');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(errors.filter({ hasText: 'Email is required' })).toBeVisible();
    await expect(errors.filter({ hasText: 'Password is required' })).toBeVisible();

    await email.fill('not-an-email');
    await password.fill('12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(errors.filter({ hasText: 'Invalid email address' })).toBeVisible();
    await expect(errors.filter({ hasText: 'Password must be at least 6 characters' })).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await expect(page).toHaveURL(/\/login$/);
    expect(loginCalls).toHaveLength(0);
  });
});

test.describe('a session in two tabs', () => {
  test('a logout in one tab ends the other at once; a sign-in in one signs the other in', async ({
    browser,
    request,
  }) => {
    const account = await registerAccount(request, 'twotabs');
    const context = await browser.newContext();
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const page of [first, second]) {
      await openSignedIn(page, account);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    // The pages' own first requests must be answered before the logout revokes the token, or one of them, not the
    // shared session, is what ends the second tab's session.
    for (const page of [first, second]) await page.waitForLoadState('networkidle');
    const refused: string[] = [];
    second.on('response', (response) => {
      if (response.status() === 401) refused.push(new URL(response.url()).pathname);
    });
    await first.getByRole('button', { name: 'Logout' }).click();
    await expect(first).toHaveURL(/\/login$/);
    await expectToast(first, 'Logged out successfully');
    // The other tab followed the shared session, not a request of its own answered 401.
    await expect(second).toHaveURL(/\/login$/);
    await expectToast(second, 'Logged out in another tab');
    expect(refused).toEqual([]);

    await loginAs(first, account.email, account.password);
    await expect(first).toHaveURL(/\/dashboard$/);
    await expect(second).toHaveURL(/\/dashboard$/);
    await expect(second.getByTitle(`${account.user.username} (user)`)).toBeVisible();
    await context.close();
  });
});

test.describe('a profile changed on another device', () => {
  test("a rename made elsewhere shows in the open page's header without a reload", async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request, 'elsewhere');
    await openSignedIn(page, account);
    await expect(page.getByTitle(`${account.user.username} (user)`)).toBeVisible();
    // The live connection is up (the header counts who is connected), so the page can hear about the change.
    await expect(page.getByText(/^Connected \(\d+\)$/).first()).toBeVisible();

    // Another device: its own sign-in (another token), then a rename.
    const other = await apiLogin(request, account.email, account.password);
    const renamedTo = uniqueUsername('renamed');
    const renamed = await request.put('/api/auth/profile', {
      headers: bearer(other.token),
      data: { username: renamedTo },
    });
    expect(renamed.status()).toBe(200);

    await expect(page.getByTitle(`${renamedTo} (user)`)).toBeVisible();
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? 'null') as { username?: string },
    );
    expect(stored?.username).toBe(renamedTo);
  });
});

test.describe('routes', () => {
  test('a guest opening /dashboard is sent to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  });

  test('signed in, / and an unknown path lead to /dashboard, and /login moves on too', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request, 'routes');
    await openSignedIn(page, account, '/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(account.user.username);
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a reload while the server cannot be reached keeps the session and says so, then goes on', async ({
    page,
    request,
  }) => {
    const account = await registerAccount(request, 'restart');
    await openSignedIn(page, account, '/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(account.user.username);

    // The server down (a deploy restarting it): every session check fails to connect for ~5 s — longer than the
    // few seconds after which the app used to give the session up and sign every tab out.
    const downUntil = Date.now() + 5_000;
    let unanswered = 0;
    await page.route('**/api/auth/me', async (route) => {
      if (Date.now() < downUntil) {
        unanswered += 1;
        await route.abort('connectionrefused');
      } else await route.continue();
    });
    await page.reload();
    await expect(page.getByText("Can't reach the server. Retrying...")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(account.token);

    await expect(page.getByRole('heading', { level: 1 })).toContainText(account.user.username, {
      timeout: 20_000,
    });
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(unanswered).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(account.token);
  });
});
