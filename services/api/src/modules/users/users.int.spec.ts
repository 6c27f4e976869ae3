import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { usersDataSchema, type UsersData } from '@auction/contracts';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/users', () => {
  it('answers 401 to anonymous callers', async () => {
    const response = await t.request('GET', '/api/users');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, message: 'Authentication required', data: null });
  });

  it('answers 403 to regular users', async () => {
    const user = await t.registerUser('zed');
    const response = await t.request('GET', '/api/users', { token: user.token });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      success: false,
      message: 'Access denied. Admin role required.',
      data: null,
    });
  });

  it('lists every user sorted by username (case-insensitive) to admins, without password hashes', async () => {
    await t.registerUser('Yolanda');
    await t.registerUser('bert');
    const admin = await t.loginAdmin();
    const response = await t.request<UsersData>('GET', '/api/users', { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe('Users retrieved');
    const { users } = usersDataSchema.parse(response.body.data);
    expect(users.map((user) => user.username)).toEqual(['admin', 'bert', 'Yolanda', 'zed']);
    expect(users.find((user) => user.username === 'admin')?.role).toBe('admin');
    expect(JSON.stringify(response.body)).not.toMatch(/hash|\$argon/);
  });
});
