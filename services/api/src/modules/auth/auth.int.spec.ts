import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuthData, MeData } from '@auction/contracts';
import { authDataSchema, meDataSchema } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const register = (body: unknown) => t.request<AuthData>('POST', '/api/auth/register', { body });
const login = (body: unknown) => t.request<AuthData>('POST', '/api/auth/login', { body });

describe('register', () => {
  it('creates a user with role user and answers the user and a working token', async () => {
    const response = await register({ username: 'Ann_1', email: ' Ann@Example.com ', password: 'secret1' });
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    expect(response.body.message).toBe('Registration successful');
    const data = authDataSchema.parse(response.body.data);
    expect(data.user).toMatchObject({ username: 'Ann_1', email: 'ann@example.com', role: 'user' });
    expect(Object.keys(data.user).sort()).toEqual(['_id', 'createdAt', 'email', 'role', 'username']);

    const me = await t.request<MeData>('GET', '/api/auth/me', { token: data.token });
    expect(me.status).toBe(200);
    expect(meDataSchema.parse(me.body.data).user).toEqual(data.user);
  });

  it('answers 409 for a username or email already used, ignoring case', async () => {
    await register({ username: 'bob', email: 'bob@example.com', password: 'secret1' });
    const sameName = await register({ username: 'BOB', email: 'other@example.com', password: 'secret1' });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toEqual({ success: false, message: 'Username is already taken', data: null });
    const sameEmail = await register({ username: 'bobby', email: 'Bob@Example.COM', password: 'secret1' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('Email is already registered');
  });

  it('stores an argon2id hash, never the password, and never answers either', async () => {
    const response = await register({ username: 'carl', email: 'carl@example.com', password: 'secret1' });
    expect(JSON.stringify(response.body)).not.toMatch(/secret1|password|hash/i);
    const { rows } = await t.app
      .get<Pool>(PG_POOL)
      .query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE username = 'carl'`);
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  const valid = { username: 'valid_name', email: 'valid@example.com', password: 'secret1' };
  it.each([
    [{ email: valid.email, password: valid.password }, 'Username is required'],
    [{ ...valid, username: '   ' }, 'Username is required'],
    [{ ...valid, username: 'ab' }, 'Username must be at least 3 characters'],
    [{ ...valid, username: 'a'.repeat(31) }, 'Username must not exceed 30 characters'],
    [{ ...valid, username: 'ann smith' }, 'Username can only contain letters, numbers, and underscores'],
    [{ ...valid, username: 'ann-smith' }, 'Username can only contain letters, numbers, and underscores'],
    [{ ...valid, username: 'ann\tsmith' }, 'Username cannot contain control characters'],
    [{ username: valid.username, password: valid.password }, 'Email is required'],
    [{ ...valid, email: 'not-an-email' }, 'Invalid email address'],
    [{ ...valid, email: `${'a'.repeat(250)}@example.com` }, 'Email must not exceed 254 characters'],
    [{ username: valid.username, email: valid.email }, 'Password is required'],
    [{ ...valid, password: '' }, 'Password is required'],
    [{ ...valid, password: '12345' }, 'Password must be at least 6 characters'],
    [{ ...valid, password: 'x'.repeat(129) }, 'Password must not exceed 128 characters'],
    [{ ...valid, username: 12345 }, 'Username must be text'],
  ])('rejects %j with 400 "%s"', async (body, message) => {
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message, data: null });
  });

  it('accepts the boundary lengths (3 and 30 character usernames, 6 and 128 character passwords)', async () => {
    expect((await register({ username: 'abc', email: 'abc@example.com', password: '123456' })).status).toBe(
      201,
    );
    const long = { username: 'z'.repeat(30), email: 'long@example.com', password: 'p'.repeat(128) };
    expect((await register(long)).status).toBe(201);
    expect((await login({ email: long.email, password: long.password })).status).toBe(200);
  });
});

describe('login', () => {
  beforeAll(async () => {
    await register({ username: 'dana', email: 'dana@example.com', password: 'correct-horse' });
  });

  it('answers the user and a token for the right password, whatever the email case', async () => {
    const response = await login({ email: 'DANA@example.com', password: 'correct-horse' });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Login successful');
    expect(authDataSchema.parse(response.body.data).user.username).toBe('dana');
  });

  it('answers 401 "Invalid email or password" for a wrong password or an unknown email', async () => {
    for (const body of [
      { email: 'dana@example.com', password: 'wrong-horse' },
      { email: 'nobody@example.com', password: 'correct-horse' },
    ]) {
      const response = await login(body);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Invalid email or password', data: null });
    }
  });

  it.each([
    [{ password: 'secret1' }, 'Email is required'],
    [{ email: '', password: 'secret1' }, 'Email is required'],
    [{ email: 'nope', password: 'secret1' }, 'Invalid email address'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'a@b.co', password: 'x'.repeat(129) }, 'Password must not exceed 128 characters'],
    [{}, 'Email is required'],
  ])('rejects %j with 400 "%s"', async (body, message) => {
    const response = await login(body);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('logs in the bootstrap admin with role admin', async () => {
    const admin = await t.loginAdmin();
    expect(admin.user).toMatchObject({ username: 'admin', email: 'admin@example.com', role: 'admin' });
  });

  it('does not limit successful logins', async () => {
    for (let attempt = 0; attempt < 12; attempt += 1) {
      expect((await login({ email: 'dana@example.com', password: 'correct-horse' })).status).toBe(200);
    }
  });

  it('refuses every attempt (429) after 10 failures a minute per address and email, others unaffected', async () => {
    await register({ username: 'erin', email: 'erin@example.com', password: 'secret1' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      statuses.push((await login({ email: 'erin@example.com', password: 'wrong-one' })).status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const blocked = await login({ email: 'erin@example.com', password: 'secret1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      success: false,
      message: 'Too many login attempts. Please try again later.',
      data: null,
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login({ email: 'dana@example.com', password: 'correct-horse' })).status).toBe(200);
  });

  it('a burst of 40 simultaneous guesses tries at most 10 passwords: the rest are refused (429)', async () => {
    await register({ username: 'burst_guesser', email: 'burst-guess@example.com', password: 'guess-35' });
    // The right password is the 35th guess: checked after failures were counted, the whole burst ran and found it.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login({ email: 'burst-guess@example.com', password: `guess-${i + 1}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const tried = statuses.filter((status) => status !== 429).length;
    expect(tried).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - tried);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // Blocked now, the right password included.
    expect((await login({ email: 'burst-guess@example.com', password: 'guess-35' })).status).toBe(429);
  });

  it('a burst of correct sign-ins is never blocked: beyond 10 at once some wait their turn (429), none blocks the key', async () => {
    await register({ username: 'burst_signer', email: 'burst-ok@example.com', password: 'right-one' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login({ email: 'burst-ok@example.com', password: 'right-one' })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    // The successes gave their places back: 9 failures later, the right password still signs in.
    for (let attempt = 0; attempt < 9; attempt += 1) {
      expect((await login({ email: 'burst-ok@example.com', password: 'wrong-one' })).status).toBe(401);
    }
    expect((await login({ email: 'burst-ok@example.com', password: 'right-one' })).status).toBe(200);
  });
});

describe('session', () => {
  it('GET /auth/me needs a token: 401 without, 401 for a forged one', async () => {
    const anonymous = await t.request('GET', '/api/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ success: false, message: 'Authentication required', data: null });
    const forged = await t.request('GET', '/api/auth/me', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.abc' });
    expect(forged.status).toBe(401);
    expect(forged.body.message).toBe('Invalid or expired token');
  });

  it('logout revokes only that token until it expires', async () => {
    const user = await t.registerUser('frank');
    const second = await login({ email: user.email, password: user.password });
    const out = await t.request('POST', '/api/auth/logout', { token: user.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Logout successful', data: null });

    const revoked = await t.request('GET', '/api/auth/me', { token: user.token });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('Invalid or expired token');
    expect((await t.request('POST', '/api/auth/logout', { token: user.token })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/me', { token: second.body.data.token })).status).toBe(200);
  });
});

describe('profile', () => {
  it('changes username and email, and the same token then shows the new name', async () => {
    const user = await t.registerUser('gina');
    const response = await t.request<MeData>('PUT', '/api/auth/profile', {
      token: user.token,
      body: { username: 'gina_2', email: 'Gina2@Example.com' },
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Profile updated');
    expect(response.body.data.user).toMatchObject({ username: 'gina_2', email: 'gina2@example.com' });
    const me = await t.request<MeData>('GET', '/api/auth/me', { token: user.token });
    expect(me.body.data.user.username).toBe('gina_2');
  });

  it('changes the password only with the right current password', async () => {
    const user = await t.registerUser('hank');
    const wrong = await t.request('PUT', '/api/auth/profile', {
      token: user.token,
      body: { currentPassword: 'not-it', newPassword: 'brand-new' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect');
    const missing = await t.request('PUT', '/api/auth/profile', {
      token: user.token,
      body: { newPassword: 'brand-new' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Current password is required to set a new password');

    const changed = await t.request('PUT', '/api/auth/profile', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'brand-new' },
    });
    expect(changed.status).toBe(200);
    expect((await login({ email: user.email, password: user.password })).status).toBe(401);
    expect((await login({ email: user.email, password: 'brand-new' })).status).toBe(200);
  });

  it('refuses every profile change (429) after 10 wrong current passwords a minute, for that account only', async () => {
    const victim = await t.registerUser('stolen_session');
    const change = (user: { token: string }, body: unknown) =>
      t.request('PUT', '/api/auth/profile', { token: user.token, body });
    // A burst, as a script holding the session would send it: at most 10 guesses are checked.
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        change(victim, { currentPassword: `guess-${i}`, newPassword: 'taken-over' }),
      ),
    );
    const statuses = guesses.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const blocked = await change(victim, { currentPassword: victim.password, newPassword: 'taken-over' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      success: false,
      message: 'Too many wrong current passwords. Please try again later.',
      data: null,
    });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login({ email: victim.email, password: victim.password })).status).toBe(200);
    const other = await t.registerUser('other_session');
    const otherChange = await change(other, { currentPassword: other.password, newPassword: 'fresh-one' });
    expect(otherChange.status).toBe(200);
  });

  it('rejects taken names, empty and invalid updates', async () => {
    const ivy = await t.registerUser('ivy');
    await t.registerUser('jack');
    const cases: Array<[unknown, number, string]> = [
      [{ username: 'JACK' }, 409, 'Username is already taken'],
      [{ email: 'jack@example.test' }, 409, 'Email is already registered'],
      [{}, 400, 'Nothing to update: send username, email or newPassword'],
      [{ username: 'x' }, 400, 'Username must be at least 3 characters'],
      [{ email: 'bad' }, 400, 'Invalid email address'],
    ];
    for (const [body, status, message] of cases) {
      const response = await t.request('PUT', '/api/auth/profile', { token: ivy.token, body });
      expect({ status: response.status, message: response.body.message }).toEqual({ status, message });
    }
    // Keeping one's own name (in another case) is not a conflict.
    const own = await t.request('PUT', '/api/auth/profile', { token: ivy.token, body: { username: 'IVY' } });
    expect(own.status).toBe(200);
  });
});

describe('malformed requests', () => {
  it('answers 400 "Malformed JSON body" for broken JSON', async () => {
    const response = await t.request('POST', '/api/auth/login', { rawBody: '{"email": "a@b.co", ' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, message: 'Malformed JSON body', data: null });
  });

  it('answers 413 for a body over 100kb', async () => {
    const response = await t.request('POST', '/api/auth/register', {
      body: { username: 'big', email: 'big@example.com', password: 'secret1', padding: 'x'.repeat(110_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body.success).toBe(false);
  });

  it('answers a JSON 404 for unknown API routes', async () => {
    const response = await t.request('GET', '/api/nope', { token: (await t.loginAdmin()).token });
    expect(response.status).toBe(404);
    expect(response.body.success).toBe(false);
  });
});
