export const PLAYER_SYNC_QUEUE = 'player-sync';
export const PLAYER_SYNC_JOB = 'sync-players';
/** BullMQ deduplication id: while one sync job is waiting or running, adding another answers the existing one. */
export const PLAYER_SYNC_DEDUPLICATION_ID = 'player-sync';
/** POST /players/sync waits this long for the job (the web client gives up after 10 s). */
export const PLAYER_SYNC_WAIT_MS = 8_000;

export const SYNC_ALREADY_RUNNING = 'A player sync is already running';
export const SYNC_COMPLETED = 'Player sync completed';
export const SYNC_STILL_RUNNING = 'Player sync is still running; progress is sent over the socket';
export const syncFailed = (reason: string) => `Player sync failed: ${reason}`;
export const SYNC_UNAVAILABLE =
  'Player sync is unavailable right now (its job queue does not answer); try again shortly';

export interface PlayerSyncJobData {
  /** The admin who asked, for the log. */
  requestedBy: string;
}

/** A finished job's return value (stored by BullMQ, answered by POST /players/sync). */
export interface PlayerSyncJobResult {
  provider: string;
  total: number;
  inserted: number;
  /** Existing players whose catalogue data changed. */
  updated: number;
  unchanged: number;
  /**
   * Every player written (inserted or refreshed) = `total`, the figure the final progress event reports as
   * `processed`. How many rows really changed is `updated` (and player_sync_runs.updated).
   */
  updatedPlayers: number;
  durationMs: number;
}
