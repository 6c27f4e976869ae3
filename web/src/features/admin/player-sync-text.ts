import type { PlayerSyncProgress } from '@auction/contracts';

/** docs/product.md §8.4 (Failure toasts) and §8.5 (Success and live toasts): the sync's toasts. */
export const SYNC_FAILED_TOAST = 'Failed to sync players from the sports data provider';

export function syncCompletedToast(updatedPlayers: number): string {
  return `Player sync completed: ${updatedPlayers} players updated`;
}

const PHASE_TEXT: Record<PlayerSyncProgress['phase'], string> = {
  queued: 'Waiting to start',
  fetching: 'Fetching players from the provider',
  validating: 'Checking the player data',
  writing: 'Saving players',
  completed: 'Done',
  failed: 'Failed',
};

/** The line under the progress bar, e.g. "Saving players: 1,200 of 3,000". */
export function syncProgressText(progress: PlayerSyncProgress | null): string {
  if (!progress) return 'Starting player sync';
  const phase = PHASE_TEXT[progress.phase];
  if (progress.total <= 0) return phase;
  return `${phase}: ${progress.processed.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "Last synced 5 minutes ago" / "Last synced just now"; "Never synced" without a date. */
export function lastSyncedText(lastSyncedAt: string | null, now: number = Date.now()): string {
  if (!lastSyncedAt) return 'Never synced';
  const at = Date.parse(lastSyncedAt);
  if (Number.isNaN(at)) return 'Never synced';
  const elapsed = Math.max(0, now - at);
  if (elapsed >= 7 * 86_400_000) {
    return `Last synced ${new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium' })}`;
  }
  const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return `Last synced ${relative.format(-Math.floor(elapsed / size), unit)}`;
  }
  return 'Last synced just now';
}
