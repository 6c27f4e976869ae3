import { describe, expect, it } from '@jest/globals';
import {
  initialServerClockState,
  msUntil,
  OFFSET_RESET_MS,
  offsetSample,
  serverClockReducer,
  serverTimeObserved,
  smoothOffset,
} from '../server-clock-slice.js';

const at = (ms: number) => new Date(ms).toISOString();

describe('server clock offset', () => {
  it('takes the first sample as is: server time minus the local time it arrived', () => {
    const state = serverClockReducer(
      initialServerClockState,
      serverTimeObserved(at(1_000_000 + 3_000), 1_000_000),
    );
    expect(state.offsetMs).toBe(3_000);
    expect(state.samples).toBe(1);
  });

  it('smooths later samples so one slow packet moves the estimate only a little', () => {
    expect(smoothOffset(3_000, 3_400)).toBe(3_100);
    expect(smoothOffset(3_000, 2_600)).toBe(2_900);
  });

  it('replaces the estimate when a sample is far off (the local clock jumped)', () => {
    expect(smoothOffset(3_000, 3_000 + OFFSET_RESET_MS + 1)).toBe(3_000 + OFFSET_RESET_MS + 1);
  });

  it('ignores payloads without a readable server time', () => {
    expect(offsetSample('not a date', 0)).toBeNull();
    expect(offsetSample(undefined, 0)).toBeNull();
    const state = serverClockReducer(initialServerClockState, serverTimeObserved('garbage', 5));
    expect(state).toEqual(initialServerClockState);
  });

  it('counts down to a server deadline in server time, never below zero', () => {
    const localNow = 1_000_000;
    // The server is 60 s ahead: a deadline 25 s after the server's now is 25 s away, not 85 s.
    const deadline = at(localNow + 60_000 + 25_000);
    expect(msUntil(deadline, localNow, 60_000)).toBe(25_000);
    expect(msUntil(deadline, localNow, 0)).toBe(85_000);
    expect(msUntil(deadline, localNow + 90_000, 60_000)).toBe(0);
  });
});
