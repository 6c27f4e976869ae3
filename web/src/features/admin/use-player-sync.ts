import { playerSyncProgressSchema, ServerEvents, type PlayerSyncProgress } from '@auction/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch } from '../../app/hooks.js';
import { isApiError } from '../../shared/api/api-error.js';
import { baseApi } from '../../shared/api/base-api.js';
import { useLiveEvent } from '../../shared/live/use-live-event.js';
import { useSyncPlayersMutation } from './api/sync-players.api.js';
import { SYNC_FAILED_TOAST, syncCompletedToast } from './player-sync-text.js';

/**
 * With no progress event for this long, a sync is taken as gone (events lost, API restarted): the card is released
 * rather than saying 'Syncing...' for ever. Provider syncs report progress every batch, far more often than this.
 */
export const SYNC_STALL_MS = 120_000;

/** This admin's own sync: the POST is in flight, or it answered "running" and the job's last event is awaited. */
type OwnSync = { stage: 'requesting' } | { stage: 'awaiting'; jobId: string };

export interface PlayerSyncView {
  /**
   * A sync runs: this admin's, or anybody's whose progress events arrive (docs/product.md §2.8 (Admin dashboard):
   * blocked while a sync runs).
   */
  running: boolean;
  /** The latest progress event of the running sync, if one has arrived. */
  progress: PlayerSyncProgress | null;
}

const isFinal = (event: PlayerSyncProgress) => event.phase === 'completed' || event.phase === 'failed';
/** How many players a completed job wrote (the completed event counts them as processed). */
const updatedCountOf = (event: PlayerSyncProgress) => (event.processed > 0 ? event.processed : event.total);
const MAX_REMEMBERED_ENDINGS = 10;
/** A function rather than a condition in `start`, so TypeScript does not narrow the refs across its await. */
const syncRuns = (own: { current: OwnSync | null }, shown: { current: PlayerSyncProgress | null }) =>
  own.current !== null || shown.current !== null;

/**
 * The admin Sync Players action. POST /players/sync answers 200 with the count when the job ends within the server's
 * wait, 202 "running" with a job id otherwise; in that case the success or failure toast comes from the job's final
 * `playerSyncProgress` event (its `processed` is the number of players written). 409 (a sync already runs): the
 * central error toast shows the server's message, and the card follows that sync's progress events.
 */
export function usePlayerSync(): [start: () => void, view: PlayerSyncView] {
  const dispatch = useAppDispatch();
  const [syncPlayers] = useSyncPlayersMutation();
  const [own, setOwn] = useState<OwnSync | null>(null);
  const [progress, setProgress] = useState<PlayerSyncProgress | null>(null);
  const ownRef = useRef<OwnSync | null>(null);
  const progressRef = useRef<PlayerSyncProgress | null>(null);
  // A job's final event can overtake the HTTP answer that names the job: endings are kept for that answer.
  const endings = useRef(new Map<string, PlayerSyncProgress>());
  const stallTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const track = useCallback((next: OwnSync | null) => {
    ownRef.current = next;
    setOwn(next);
  }, []);
  const showProgress = useCallback((next: PlayerSyncProgress | null) => {
    progressRef.current = next;
    setProgress(next);
  }, []);
  const stopStallTimer = useCallback(() => clearTimeout(stallTimer.current), []);
  const startStallTimer = useCallback(() => {
    clearTimeout(stallTimer.current);
    stallTimer.current = setTimeout(() => {
      console.warn('Player sync: no progress for a while; no longer waiting for it');
      track(null);
      showProgress(null);
      // Whatever happened, "Last synced" and the lists should say what the server has now.
      dispatch(baseApi.util.invalidateTags(['Players']));
    }, SYNC_STALL_MS);
  }, [dispatch, showProgress, track]);
  useEffect(() => () => clearTimeout(stallTimer.current), []);

  const finish = useCallback(
    (ending: { updatedPlayers: number } | { failure: unknown }) => {
      stopStallTimer();
      track(null);
      showProgress(null);
      if ('updatedPlayers' in ending) {
        toast.success(syncCompletedToast(ending.updatedPlayers));
      } else {
        console.error('Failed to sync players', ending.failure);
        toast.error(SYNC_FAILED_TOAST);
      }
    },
    [showProgress, stopStallTimer, track],
  );

  const finishWith = useCallback(
    (event: PlayerSyncProgress) =>
      finish(
        event.phase === 'completed'
          ? { updatedPlayers: updatedCountOf(event) }
          : { failure: event.message ?? 'sync failed' },
      ),
    [finish],
  );

  useLiveEvent(ServerEvents.playerSyncProgress, (payload) => {
    const parsed = playerSyncProgressSchema.safeParse(payload);
    if (!parsed.success) return;
    const event = parsed.data;
    if (!isFinal(event)) {
      showProgress(event);
      startStallTimer();
      return;
    }
    if (event.phase === 'completed') dispatch(baseApi.util.invalidateTags(['Players']));
    endings.current.set(event.jobId, event);
    if (endings.current.size > MAX_REMEMBERED_ENDINGS) {
      endings.current.delete(endings.current.keys().next().value as string);
    }
    const mine = ownRef.current;
    if (mine?.stage === 'awaiting' && mine.jobId === event.jobId) {
      finishWith(event);
    } else if (mine?.stage !== 'requesting') {
      // Somebody else's sync (or one already reported by its HTTP answer) ended.
      stopStallTimer();
      showProgress(null);
    }
  });

  const start = useCallback(async () => {
    // docs/product.md §2.8 (Admin dashboard): a sync is blocked while a sync runs.
    if (syncRuns(ownRef, progressRef)) return;
    track({ stage: 'requesting' });
    let outcome;
    try {
      outcome = await syncPlayers().unwrap();
    } catch (error) {
      track(null);
      const shown = progressRef.current;
      if (shown && endings.current.has(shown.jobId)) showProgress(null);
      if (isApiError(error) && error.status === 409) {
        // The central error toast shows the server's message; the card follows the running sync's events.
        console.warn('Player sync refused', error);
        return;
      }
      finish({ failure: error });
      return;
    }
    if (outcome.status === 'completed') {
      finish({ updatedPlayers: outcome.updatedPlayers });
      return;
    }
    const ended = endings.current.get(outcome.jobId);
    if (ended) {
      finishWith(ended);
      return;
    }
    track({ stage: 'awaiting', jobId: outcome.jobId });
    startStallTimer();
  }, [finish, finishWith, showProgress, startStallTimer, syncPlayers, track]);

  const startSync = useCallback(() => void start(), [start]);
  return [startSync, { running: own !== null || progress !== null, progress }];
}
