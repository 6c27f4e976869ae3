import { useEffect, useRef, useState } from 'react';
import { createLiveGate, draftIdOf } from '../../shared/live/live-gate.js';
import { useLiveEvents } from '../../shared/live/use-live-event.js';
import type { AlertPreferences } from './alert-preferences.js';
import { browserAlertSignals, type AlertSignals } from './alert-signals.js';
import { ALERT_EVENTS, alertWatchOf, nextAlert, type AlertWatch } from './draft-alerts.js';

type Snapshot = Parameters<typeof alertWatchOf>[0];

/**
 * docs/product.md §2.6 (Draft room), Alerts: beeps and notifies the user when their team is outbid or comes on the
 * clock, as the switches say. Follows this draft's live events (each once), starting from the room's snapshot.
 */
export function useDraftAlerts({
  draftId,
  teamId,
  snapshot,
  preferences,
  signals = browserAlertSignals,
}: {
  draftId: string;
  teamId: string | null;
  snapshot: Snapshot;
  preferences: AlertPreferences;
  signals?: AlertSignals;
}): void {
  const watch = useRef<AlertWatch>(alertWatchOf(snapshot));
  // The snapshot may arrive after the room opened: it fills in an auction the events have not told about yet.
  const snapshotAuctionId = snapshot.auction?._id ?? null;
  const snapshotLeaderId = snapshot.auction?.currentBidder._id ?? null;
  useEffect(() => {
    if (snapshotAuctionId && watch.current.auctionId !== snapshotAuctionId) {
      watch.current = { ...watch.current, auctionId: snapshotAuctionId, leaderId: snapshotLeaderId };
    }
  }, [snapshotAuctionId, snapshotLeaderId]);

  const [gate] = useState(createLiveGate);
  useLiveEvents(
    Object.fromEntries(
      ALERT_EVENTS.map((event) => [
        event,
        (payload: unknown) => {
          if (draftIdOf(payload) !== draftId || !gate.accept(event, payload)) return;
          const { watch: next, alert } = nextAlert(watch.current, event, payload, teamId);
          watch.current = next;
          if (!alert) return;
          if (preferences.sound) signals.beep(alert);
          if (preferences.notification) signals.notify(alert);
        },
      ]),
    ),
  );
}
