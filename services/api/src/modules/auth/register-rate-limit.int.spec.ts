import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import {
  TOO_MANY_REGISTRATION_ATTEMPTS,
  TOO_MANY_REGISTRATIONS,
} from './commands/register/register-rate-limit.js';

// The test harness lifts the registration limit (every test registers from 127.0.0.1); an empty
// REGISTER_RATE_LIMIT means unset, so these apps run with the real default: 20 accounts an hour per address.
let t: TestApp;
let behindProxy: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { REGISTER_RATE_LIMIT: '' } });
  behindProxy = await startTestApp({ env: { REGISTER_RATE_LIMIT: '2', TRUST_PROXY: 'loopback' } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await behindProxy?.close();
});

interface Answer {
  status: number;
  body: { success: boolean; message: string; data: unknown };
  retryAfter: string | undefined;
}

/** POST /api/auth/register from a chosen loopback address (127.0.0.0/8 is all this host's): another client. */
function registerFrom(
  app: TestApp,
  localAddress: string,
  name: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const body = JSON.stringify({ username: name, email: `${name}@example.com`, password: 'secret1' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${app.baseUrl}/api/auth/register`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text) as Answer['body'],
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

const usersNamed = async (app: TestApp, pattern: string): Promise<number> => {
  const { rows } = await app.app
    .get<Pool>(PG_POOL)
    .query<{ count: string }>('SELECT count(*) FROM users WHERE username LIKE $1', [pattern]);
  return Number(rows[0]!.count);
};

describe('registration rate limit (20 accounts an hour per client address by default)', () => {
  it('creates 20 accounts from one address, refuses the 21st (429, Retry-After) and creates nothing; others unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i++) {
      statuses.push((await registerFrom(t, '127.0.0.1', `bar_${i}`)).status);
      // A taken name or a typo does not use up the address's accounts.
      if (i % 5 === 1) expect((await registerFrom(t, '127.0.0.1', `bar_${i}`)).status).toBe(409);
    }
    expect(statuses).toEqual(Array(20).fill(201));

    const refused = await registerFrom(t, '127.0.0.1', 'bar_21');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: TOO_MANY_REGISTRATIONS, data: null });
    expect(Number(refused.retryAfter)).toBeGreaterThan(3_500);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3_600);
    // No proxy is trusted by default: a client cannot pick another address with X-Forwarded-For.
    const spoofed = await registerFrom(t, '127.0.0.1', 'bar_22', { 'x-forwarded-for': '198.51.100.9' });
    expect(spoofed.status).toBe(429);
    expect(await usersNamed(t, 'bar\\_%')).toBe(20);

    // Another address still registers.
    expect((await registerFrom(t, '127.0.0.2', 'next_door')).status).toBe(201);
  }, 60_000);

  it('a burst of 30 simultaneous registrations from one address creates at most 20 accounts', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => registerFrom(t, '127.0.0.3', `burst_${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(await usersNamed(t, 'burst\\_%')).toBe(20);
  }, 60_000);

  it('every attempt counts too, up to 200 an hour: probing which addresses have an account is bounded', async () => {
    // The 409 answers whether an address is registered; login answers the same text for both (it must not tell).
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 200; attempt++) {
      statuses.push((await registerFrom(t, '127.0.0.4', 'bar_1')).status);
    }
    expect(statuses).toEqual(Array(200).fill(409));
    const refused = await registerFrom(t, '127.0.0.4', 'fresh_name');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: TOO_MANY_REGISTRATION_ATTEMPTS, data: null });
    expect(Number(refused.retryAfter)).toBeGreaterThan(3_500);
    expect(await usersNamed(t, 'fresh\\_name')).toBe(0);
  }, 60_000);

  it('behind a trusted proxy (TRUST_PROXY) counts by the address the proxy forwards', async () => {
    const via = (client: string, name: string) =>
      registerFrom(behindProxy, '127.0.0.1', name, { 'x-forwarded-for': client });
    expect((await via('198.51.100.7', 'proxied_1')).status).toBe(201);
    expect((await via('198.51.100.7', 'proxied_2')).status).toBe(201);
    expect((await via('198.51.100.7', 'proxied_3')).status).toBe(429);
    expect((await via('198.51.100.8', 'proxied_4')).status).toBe(201);
  }, 60_000);
});
