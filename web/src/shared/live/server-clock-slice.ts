import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The difference between the server's clock and this browser's: `serverNow ≈ Date.now() + offsetMs`. Every live
 * payload and the auction snapshot carry `serverTime`; each gives a sample `serverTime − local receive time`. Samples
 * are smoothed so one slow packet does not make the countdown jump, and a sample far from the estimate (the local
 * clock was changed, the laptop woke up) replaces it at once.
 */
export interface ServerClockState {
  offsetMs: number | null;
  samples: number;
}

/** Weight of a new sample in the moving average. */
export const OFFSET_SMOOTHING = 0.25;
/** A sample further than this from the estimate replaces it (the local clock jumped). */
export const OFFSET_RESET_MS = 5_000;

export const initialServerClockState: ServerClockState = { offsetMs: null, samples: 0 };

/** The next offset estimate from the previous one and a new sample. */
export function smoothOffset(previous: number | null, sample: number): number {
  if (previous === null || Math.abs(sample - previous) > OFFSET_RESET_MS) return sample;
  return Math.round(previous + (sample - previous) * OFFSET_SMOOTHING);
}

/** The sample a payload gives: its server time minus the local time it arrived, or null when it has none. */
export function offsetSample(serverTime: unknown, receivedAtMs: number): number | null {
  if (typeof serverTime !== 'string') return null;
  const serverMs = Date.parse(serverTime);
  return Number.isFinite(serverMs) ? serverMs - receivedAtMs : null;
}

const serverClockSlice = createSlice({
  name: 'serverClock',
  initialState: initialServerClockState,
  reducers: {
    serverTimeObserved: {
      reducer(state, action: PayloadAction<{ serverTime: string; receivedAtMs: number }>) {
        const sample = offsetSample(action.payload.serverTime, action.payload.receivedAtMs);
        if (sample === null) return;
        state.offsetMs = smoothOffset(state.offsetMs, sample);
        state.samples += 1;
      },
      prepare(serverTime: string, receivedAtMs: number = Date.now()) {
        return { payload: { serverTime, receivedAtMs } };
      },
    },
  },
});

export const { serverTimeObserved } = serverClockSlice.actions;
export const serverClockReducer = serverClockSlice.reducer;

interface WithServerClock {
  serverClock: ServerClockState;
}

/** Milliseconds to add to `Date.now()` to get the server's time (0 until the first sample). */
export const selectClockOffsetMs = (state: WithServerClock) => state.serverClock.offsetMs ?? 0;

/** Milliseconds left until `deadline` (ISO, server time) at local time `nowMs`, never negative. */
export function msUntil(deadline: string, nowMs: number, offsetMs: number): number {
  const deadlineMs = Date.parse(deadline);
  if (!Number.isFinite(deadlineMs)) return 0;
  return Math.max(0, deadlineMs - (nowMs + offsetMs));
}
