import { useCallback, useState } from 'react';

/** docs/product.md §2.6 (Draft room), Alerts: each switch on its own. */
export interface AlertPreferences {
  sound: boolean;
  notification: boolean;
}

/**
 * Sound is on until switched off; browser notifications start off because the browser asks the user's permission,
 * which it only does after a click.
 */
export const DEFAULT_ALERT_PREFERENCES: AlertPreferences = Object.freeze({
  sound: true,
  notification: false,
});

/** docs/product.md §9 (Constants), browser storage: one entry per user, so people sharing a browser keep theirs. */
export const alertPreferencesKey = (userId: string) => `draftAlerts:${userId}`;

type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): PreferenceStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The user's saved switches, or the defaults (no user, nothing saved, unreadable or blocked storage). */
export function loadAlertPreferences(
  userId: string | undefined,
  storage: PreferenceStorage | null = browserStorage(),
): AlertPreferences {
  if (!userId || !storage) return { ...DEFAULT_ALERT_PREFERENCES };
  try {
    const saved = JSON.parse(
      storage.getItem(alertPreferencesKey(userId)) ?? 'null',
    ) as Partial<AlertPreferences> | null;
    return {
      sound: typeof saved?.sound === 'boolean' ? saved.sound : DEFAULT_ALERT_PREFERENCES.sound,
      notification:
        typeof saved?.notification === 'boolean'
          ? saved.notification
          : DEFAULT_ALERT_PREFERENCES.notification,
    };
  } catch {
    return { ...DEFAULT_ALERT_PREFERENCES };
  }
}

export function saveAlertPreferences(
  userId: string | undefined,
  preferences: AlertPreferences,
  storage: PreferenceStorage | null = browserStorage(),
): void {
  if (!userId || !storage) return;
  try {
    storage.setItem(alertPreferencesKey(userId), JSON.stringify(preferences));
  } catch {
    // Storage full or blocked: the switch still holds for this visit.
  }
}

/** The user's alert switches, saved as they change. */
export function useAlertPreferences(userId: string | undefined) {
  const [state, setState] = useState(() => ({ userId, preferences: loadAlertPreferences(userId) }));
  // Another user signed in: read theirs (state adjusted during render, React's pattern for a reset on a prop).
  if (state.userId !== userId) setState({ userId, preferences: loadAlertPreferences(userId) });
  const preferences = state.preferences;
  const update = useCallback(
    (change: Partial<AlertPreferences>) => {
      const next = { ...preferences, ...change };
      saveAlertPreferences(userId, next);
      setState({ userId, preferences: next });
    },
    [preferences, userId],
  );
  return [preferences, update] as const;
}
