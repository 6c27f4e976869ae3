// Accounts and sessions made through the API rather than the forms, for tests whose subject is something else.
// The app keeps its session in local storage ('token' and 'user'), so a session from the API can be handed to a page.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail, uniqueUsername } from './names.js';

export interface SessionUser {
  _id: string;
  username: string;
  email: string;
  role: string;
}

export interface Session {
  token: string;
  user: SessionUser;
}

export interface Account extends Session {
  email: string;
  password: string;
}

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export const TEST_PASSWORD = 'Passw0rd-e2e';

/** Reads `{ success, message, data }` and fails the test with the server's message when the call failed. */
export async function envelopeData<T>(response: {
  ok(): boolean;
  status(): number;
  json(): Promise<unknown>;
}): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(response.ok(), `HTTP ${response.status()}: ${body.message}`).toBe(true);
  expect(body.success, body.message).toBe(true);
  return body.data;
}

/** Registers a fresh regular user through POST /api/auth/register. */
export async function registerAccount(request: APIRequestContext, prefix = 'user'): Promise<Account> {
  const username = uniqueUsername(prefix);
  const email = uniqueEmail(prefix);
  const session = await envelopeData<Session>(
    await request.post('/api/auth/register', { data: { username, email, password: TEST_PASSWORD } }),
  );
  return { ...session, email, password: TEST_PASSWORD };
}

/** Signs in through POST /api/auth/login (rate-limited per IP and email: keep it to a few calls per account). */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  return envelopeData<Session>(await request.post('/api/auth/login', { data: { email, password } }));
}

/** Authorization header for direct API calls. */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

/** Stores the session the way the app does, then opens `path`; the app confirms it with GET /api/auth/me. */
export async function openSignedIn(page: Page, session: Session, path = '/dashboard'): Promise<void> {
  await page.goto('/login');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await page.goto(path);
}

/** The token the signed-in page holds. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'the page has a stored token').toBeTruthy();
  return token as string;
}
