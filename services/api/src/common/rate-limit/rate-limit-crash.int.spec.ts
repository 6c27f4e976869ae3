import { afterAll, describe, expect, it } from '@jest/globals';
import { apiProcessSuite, type ApiProcess } from '../../test-support/api-process.js';
import { startTcpProxy, type TcpProxy } from '../../test-support/tcp-proxy.js';
import { RESERVATION_LEASE_MS } from './redis-rate-limiter.js';

const suite = apiProcessSuite();
const { databaseUrl } = suite;
let proxy: TcpProxy | undefined;

afterAll(async () => {
  await proxy?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const EMAIL = 'crash-victim@example.com';
const PASSWORD = 'right-one';

describe('a login limit place taken by a process killed (kill -9) before it answered', () => {
  it('is held for at most the reservation lease and never counts as a failed attempt', async () => {
    // The first process reaches PostgreSQL through a proxy that can stop forwarding: its logins reserve their places
    // (before the handler), then wait in the handler for an answer that never comes, and the process is killed there.
    proxy = await startTcpProxy(Number(new URL(databaseUrl).port || 5432));
    const proxied = new URL(databaseUrl);
    proxied.port = String(proxy.port);
    const doomed = await suite.start(
      { DATABASE_PREFER_SOCKET: 'false', ASYNC_PROJECTION_POLL_MS: '0' },
      proxied.href,
    );
    await doomed.request('POST', '/api/auth/register', {
      body: { username: 'crash_victim', email: EMAIL, password: PASSWORD },
    });
    const login = (api: ApiProcess, password: string) =>
      api.request('POST', '/api/auth/login', { body: { email: EMAIL, password } });

    proxy.hold();
    const inFlight = Array.from({ length: 10 }, (_, i) => login(doomed, `guess-${i}`).catch(() => undefined));
    const until = Date.now() + 10_000;
    while (!proxy.held().some((chunk) => chunk.includes(EMAIL))) {
      if (Date.now() > until) throw new Error('the logins did not reach PostgreSQL');
      await sleep(20);
    }
    // Every login reserved its place before its handler ran; those on the pool's idle connections already wait on
    // PostgreSQL, the others on a new connection the proxy does not open.
    await sleep(500);
    await doomed.kill('SIGKILL');
    const killedAt = Date.now();
    await Promise.all(inFlight);
    await proxy.close();

    const survivor = await suite.start();
    // The dead process's 10 places are still taken: even the right password waits (429), told to retry soon.
    const waiting = await login(survivor, PASSWORD);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(RESERVATION_LEASE_MS / 1000);

    // Once the lease is over they are free, and they were never failures: 9 wrong passwords later (10 would block),
    // the right one signs in.
    await sleep(Math.max(0, killedAt + RESERVATION_LEASE_MS + 1_000 - Date.now()));
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await login(survivor, 'wrong-one')).status).toBe(401);
    }
    expect((await login(survivor, PASSWORD)).status).toBe(200);
  }, 180_000);
});
