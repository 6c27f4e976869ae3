import { describe, expect, it } from '@jest/globals';
import { countdownMs } from '../use-server-countdown.js';

const setAt = '2026-09-01T18:00:00.000Z';
const deadline = '2026-09-01T18:00:30.000Z';
const setAtMs = Date.parse(setAt);

describe('countdownMs', () => {
  it('never shows more than the span the deadline was set for (a late message must not read as 0:31)', () => {
    // The offset estimate lags the server by 40 ms: 30.04 s would round up to 31.
    expect(countdownMs(deadline, setAt, setAtMs - 40, 0)).toBe(30_000);
    expect(countdownMs(deadline, setAt, setAtMs + 12_345, 0)).toBe(17_655);
    expect(countdownMs(deadline, setAt, setAtMs + 31_000, 0)).toBe(0);
  });

  it('is the plain time left when the set time is unknown or unreadable', () => {
    expect(countdownMs(deadline, null, setAtMs - 40, 0)).toBe(30_040);
    expect(countdownMs(deadline, 'not a date', setAtMs - 40, 0)).toBe(30_040);
  });
});
