import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NEW_EMAIL_NOT_ASCII, type AuthData, type MeData } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';

// Addresses that read exactly as an existing account's (docs/product.md §5.1). Upper case and surrounding whitespace
// were already the same account (auth.int.spec.ts); these each made a second one.
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  const ann = await register({ username: 'Ann_Lee', email: 'ann.lee@example.com', password: 'secret1' });
  expect(ann.status).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

function register(body: unknown) {
  return t.request<AuthData>('POST', '/api/auth/register', { body });
}
const updateProfile = (token: string, body: unknown) =>
  t.request<MeData>('PUT', '/api/auth/profile', { token, body });
const userCount = async () =>
  Number(
    (await t.app.get<Pool>(PG_POOL).query<{ count: string }>('SELECT count(*) FROM users')).rows[0]!.count,
  );

describe('emails that look like an existing account', () => {
  it.each([
    ['a zero-width space', 'ann.lee\u200b@example.com'],
    ['a zero-width joiner in the domain', 'ann.lee@exa\u200dmple.com'],
    ['a soft hyphen', 'ann.\u00adlee@example.com'],
    ['a Cyrillic а', '\u0430nn.lee@example.com'],
    ['full-width letters', '\uff41nn.lee@example.com'],
    ['a combining accent (NFD)', 'ann.le\u0301e@example.com'],
    ['an accented letter (NFC)', 'ann.l\u00e9e@example.com'],
    ['a control character', 'ann.lee\u0007@example.com'],
  ])('%s: %j is refused (400), no account made', async (_case, email) => {
    const before = await userCount();
    const response = await register({ username: 'look_alike', email, password: 'secret1' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: NEW_EMAIL_NOT_ASCII, data: null });
    expect(await userCount()).toBe(before);
  });

  it('a profile change to a look-alike of another account is refused the same way', async () => {
    const other = await t.registerUser('other_user');
    const invisible = await updateProfile(other.token, { email: 'ann.lee@example.com\u2060' });
    expect(invisible.status).toBe(400);
    expect(invisible.body.message).toBe(NEW_EMAIL_NOT_ASCII);
  });
});
