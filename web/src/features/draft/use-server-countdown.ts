import { useAppSelector } from '../../app/hooks.js';
import { msUntil, selectClockOffsetMs } from '../../shared/live/server-clock-slice.js';
import { useNow } from '../../shared/hooks/use-now.js';

/**
 * Milliseconds left until a server deadline, corrected by the server clock offset and recomputed from the deadline
 * on every tick (never a local decrement). With no deadline (paused) it is the frozen time the server reported.
 */
export function useServerCountdown(deadline: string | null, frozenMs: number | null): number | null {
  const offsetMs = useAppSelector(selectClockOffsetMs);
  const now = useNow();
  if (deadline === null) return frozenMs;
  return msUntil(deadline, now, offsetMs);
}
