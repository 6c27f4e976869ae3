import { describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { GetHealthHandler } from './get-health.handler.js';

const pool = (query: () => Promise<unknown>) => ({ query }) as unknown as Pool;
const redis = (ping: () => Promise<unknown>) => ({ ping }) as unknown as Redis;
const up = () => Promise.resolve('ok');
const down = () => Promise.reject(new Error('ECONNREFUSED'));

describe('GetHealthHandler', () => {
  it('is ok when both dependencies answer', async () => {
    const health = await new GetHealthHandler(pool(up), redis(up)).execute();
    expect(health).toMatchObject({ status: 'ok', database: 'up', redis: 'up' });
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['database', pool(down), redis(up)],
    ['redis', pool(up), redis(down)],
  ])('is degraded with %s down', async (which, p, r) => {
    const health = await new GetHealthHandler(p, r).execute();
    expect(health.status).toBe('degraded');
    expect(health[which as 'database' | 'redis']).toBe('down');
  });
});
