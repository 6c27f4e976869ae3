import type { PlayerSyncProgress } from '@auction/contracts';
import clsx from 'clsx';
import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { ProgressBar } from '../../../shared/ui/progress-bar.js';
import { lastSyncedText, syncProgressText } from '../player-sync-text.js';
import { ActionContent } from './action-content.js';

export interface SyncPlayersCardProps {
  onSync: () => void;
  syncing: boolean;
  progress: PlayerSyncProgress | null;
  lastSyncedAt?: string | null;
}

/**
 * The Sync Players quick action: 'Syncing...' and disabled while a sync runs (docs/product.md §2.8 (Admin
 * dashboard)), with a progress bar fed by the sync's progress events, and when the pool was last synced. The bar sits
 * outside the button: a button's content is flattened into its name, which would hide the bar from assistive
 * technology.
 */
export function SyncPlayersCard({ onSync, syncing, progress, lastSyncedAt }: SyncPlayersCardProps) {
  const titleId = useId();
  const captionId = useId();
  const showsTotal = progress !== null && progress.total > 0;
  return (
    <div
      className={clsx(
        'flex h-full flex-col rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition',
        'has-[button:enabled:hover]:shadow-md has-[button:enabled:hover]:ring-indigo-300',
      )}
    >
      <button
        type="button"
        onClick={onSync}
        disabled={syncing}
        aria-busy={syncing || undefined}
        aria-labelledby={titleId}
        aria-describedby={captionId}
        className={clsx(
          'flex w-full flex-1 items-start gap-4 rounded-xl p-5 text-left',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
          'disabled:cursor-not-allowed disabled:opacity-70',
        )}
      >
        <ActionContent
          title={syncing ? 'Syncing...' : 'Sync Players'}
          caption="Update player data from the sports data provider"
          icon={RefreshCw}
          tone="sky"
          titleId={titleId}
          captionId={captionId}
          spinning={syncing}
        />
      </button>
      {syncing ? (
        <div className="space-y-1.5 px-5 pb-4">
          <ProgressBar
            label="Player sync progress"
            value={showsTotal ? progress.processed : null}
            max={showsTotal ? progress.total : 100}
            valueText={syncProgressText(progress)}
          />
          <p aria-live="polite" className="text-xs text-slate-500">
            {syncProgressText(progress)}
          </p>
        </div>
      ) : (
        lastSyncedAt !== undefined && (
          <p className="px-5 pb-4 text-xs text-slate-500" title={lastSyncedAt ?? undefined}>
            {lastSyncedText(lastSyncedAt)}
          </p>
        )
      )}
    </div>
  );
}
