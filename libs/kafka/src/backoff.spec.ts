import { describe, expect, it } from '@jest/globals';
import { backoffDelay, sleep } from './backoff.js';

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the cap, jittered down by at most 20%', () => {
    const options = { initialMs: 100, maxMs: 1_000 };
    expect([0, 1, 2, 3, 4, 50].map((n) => backoffDelay(n, options, () => 1))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
    expect(backoffDelay(2, options, () => 0)).toBe(320);
  });
});

describe('sleep', () => {
  it('ends early when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const slept = sleep(10_000, controller.signal);
    controller.abort();
    await slept;
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
