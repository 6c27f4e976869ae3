import { useAppSelector } from '../../app/hooks.js';
import { msUntil, selectClockOffsetMs } from '../../shared/live/server-clock-slice.js';
import { useNow } from '../../shared/hooks/use-now.js';

/**
 * Milliseconds left until a server deadline, corrected by the server clock offset and recomputed from the deadline
 * on every tick (never a local decrement). With no deadline (paused) it is the frozen time the server reported.
 * `setAt`, when known, is the server instant the deadline was set at: the time left never shows more than the span
 * it was set for (an offset estimated from messages that took a few milliseconds to arrive would otherwise show a
 * fresh 30-second clock as 0:31).
 */
export function useServerCountdown(
  deadline: string | null,
  frozenMs: number | null,
  setAt: string | null = null,
): number | null {
  const offsetMs = useAppSelector(selectClockOffsetMs);
  const now = useNow();
  if (deadline === null) return frozenMs;
  return countdownMs(deadline, setAt, now, offsetMs);
}

export function countdownMs(deadline: string, setAt: string | null, nowMs: number, offsetMs: number): number {
  const left = msUntil(deadline, nowMs, offsetMs);
  const span = setAt === null ? NaN : Date.parse(deadline) - Date.parse(setAt);
  return Number.isFinite(span) && span >= 0 ? Math.min(left, span) : left;
}
