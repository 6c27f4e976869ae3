import clsx from 'clsx';
import { useSelector } from 'react-redux';
import { selectActiveUserCount, selectIsLiveConnected } from './live-slice.js';

/**
 * "Connected (n)" with the number of active users, or "Disconnected". Between the socket opening and the server's
 * first count it reads "Connected": a "(0)" there would claim that not even this user is counted.
 */
export function LiveIndicator({ className }: { className?: string }) {
  const connected = useSelector(selectIsLiveConnected);
  const count = useSelector(selectActiveUserCount);
  const label = !connected ? 'Disconnected' : count === null ? 'Connected' : `Connected (${count})`;
  return (
    <span
      role="status"
      aria-live="polite"
      title={
        !connected
          ? 'Live connection closed'
          : count === null
            ? 'Live connection open'
            : `Live connection open, ${count} active users`
      }
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset',
        connected
          ? 'bg-green-50 text-green-700 ring-green-600/20'
          : 'bg-slate-100 text-slate-600 ring-slate-400/30',
        className,
      )}
    >
      <span className="relative flex size-2">
        {connected && (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-green-400 opacity-75" />
        )}
        <span
          className={clsx(
            'relative inline-flex size-2 rounded-full',
            connected ? 'bg-green-500' : 'bg-slate-400',
          )}
        />
      </span>
      {label}
    </span>
  );
}
