import { Bell, Volume2 } from 'lucide-react';
import toast from 'react-hot-toast';
import type { AlertPreferences } from '../alert-preferences.js';
import { requestNotificationPermission } from '../alert-signals.js';

export const NOTIFICATIONS_BLOCKED = 'Notifications are blocked in this browser';

/**
 * docs/product.md §2.6 (Draft room), Alerts: the two switches, `Sound alerts` and `Browser notifications`. Turning
 * notifications on asks the browser's permission; refused, the switch stays off.
 */
export function AlertToggles({
  preferences,
  onChange,
  requestPermission = requestNotificationPermission,
}: {
  preferences: AlertPreferences;
  onChange: (change: Partial<AlertPreferences>) => void;
  requestPermission?: () => Promise<boolean>;
}) {
  const toggleNotification = async (on: boolean) => {
    if (!on) return onChange({ notification: false });
    if (await requestPermission()) onChange({ notification: true });
    else toast.error(NOTIFICATIONS_BLOCKED);
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
      <legend className="sr-only">Alerts</legend>
      <span aria-hidden="true" className="font-semibold text-slate-500">
        Alerts when outbid or on the clock:
      </span>
      <label className="inline-flex items-center gap-1.5">
        <input
          type="checkbox"
          checked={preferences.sound}
          onChange={(event) => onChange({ sound: event.target.checked })}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        <Volume2 aria-hidden="true" className="size-4" />
        Sound alerts
      </label>
      <label className="inline-flex items-center gap-1.5">
        <input
          type="checkbox"
          checked={preferences.notification}
          onChange={(event) => void toggleNotification(event.target.checked)}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        <Bell aria-hidden="true" className="size-4" />
        Browser notifications
      </label>
    </fieldset>
  );
}
