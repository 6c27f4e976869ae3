import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ServerEvents } from '@auction/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { installFakeLiveSocket, type FakeLiveSocket } from '../../../test/fake-live-socket.js';
import {
  alertPreferencesKey,
  DEFAULT_ALERT_PREFERENCES,
  loadAlertPreferences,
  useAlertPreferences,
  type AlertPreferences,
} from '../alert-preferences.js';
import type { AlertSignals } from '../alert-signals.js';
import { AlertToggles } from '../components/alert-toggles.js';
import { alertText, nextAlert, type AlertWatch, type DraftAlert } from '../draft-alerts.js';
import { useDraftAlerts } from '../use-draft-alerts.js';

const DRAFT = '00000000-0000-4000-8000-00000000d001';
const MINE = 'team-mine';
const RIVAL = 'team-rival';
const empty: AlertWatch = { auctionId: null, leaderId: null, turnTeamId: null };

let version = 0;
function auctionEvent(leader: string, amount: number, auctionId = 'a1') {
  version += 1;
  return {
    draftId: DRAFT,
    position: String(version),
    version,
    serverTime: '2026-11-23T18:00:00.000Z',
    auction: {
      _id: auctionId,
      playerName: 'Bijan Robinson',
      currentBid: amount,
      currentBidder: { _id: leader, name: leader === MINE ? 'Mine' : 'Rivals' },
    },
    bidderName: leader === MINE ? 'Mine' : 'Rivals',
    bidAmount: amount,
  };
}
function turnEvent(turnTeamId: string | null, action = 'turnPassed') {
  version += 1;
  return {
    draftId: DRAFT,
    position: String(version),
    version,
    serverTime: '2026-11-23T18:00:00.000Z',
    action,
    draft: { status: 'active' },
    currentTeamTurn: turnTeamId ? { _id: turnTeamId, name: 'x', teamNumber: 1 } : null,
    nominationDeadline: null,
  };
}

/** Runs events through nextAlert from an empty watch, returning each alert's kind (or null). */
function kinds(events: Array<[string, unknown]>, teamId: string | null = MINE) {
  let watch = empty;
  return events.map(([event, payload]) => {
    const step = nextAlert(watch, event, payload, teamId);
    watch = step.watch;
    return step.alert?.kind ?? null;
  });
}

describe('nextAlert', () => {
  it('alerts when a bid takes the lead from the user’s team, not for its own or others’ bids', () => {
    expect(
      kinds([
        [ServerEvents.auctionStarted, auctionEvent(RIVAL, 1)],
        [ServerEvents.bidPlaced, auctionEvent(MINE, 2)],
        [ServerEvents.bidPlaced, auctionEvent(RIVAL, 3)],
        [ServerEvents.bidPlaced, auctionEvent(RIVAL, 4)],
        [ServerEvents.bidPlaced, auctionEvent(MINE, 5)],
      ]),
    ).toEqual([null, null, 'outbid', null, null]);
  });

  it('alerts a nominator who loses the opening lead, and says who bid what on whom', () => {
    let watch = nextAlert(empty, ServerEvents.auctionStarted, auctionEvent(MINE, 1), MINE).watch;
    const step = nextAlert(watch, ServerEvents.bidPlaced, auctionEvent(RIVAL, 7), MINE);
    watch = step.watch;
    expect(step.alert).toEqual({
      kind: 'outbid',
      bidderName: 'Rivals',
      amount: 7,
      playerName: 'Bijan Robinson',
    });
    expect(alertText(step.alert as DraftAlert)).toEqual({
      title: 'You were outbid',
      body: 'Rivals bid $7 on Bijan Robinson',
    });
    expect(watch.leaderId).toBe(RIVAL);
  });

  it('does not carry a lead over to the next auction, nor alert without a team', () => {
    expect(
      kinds([
        [ServerEvents.auctionStarted, auctionEvent(MINE, 1, 'a1')],
        [ServerEvents.auctionCompleted, auctionEvent(MINE, 1, 'a1')],
        [ServerEvents.auctionStarted, auctionEvent(RIVAL, 1, 'a2')],
        [ServerEvents.bidPlaced, auctionEvent(RIVAL, 2, 'a2')],
      ]),
    ).toEqual([null, null, null, null]);
    expect(
      kinds(
        [
          [ServerEvents.bidPlaced, auctionEvent(MINE, 2)],
          [ServerEvents.bidPlaced, auctionEvent(RIVAL, 3)],
        ],
        null,
      ),
    ).toEqual([null, null]);
  });

  it('alerts when the turn comes to the user’s team, again when it passes back to it, never on pause or resume', () => {
    expect(
      kinds([
        [ServerEvents.draftStarted, turnEvent(MINE, 'started')],
        [ServerEvents.draftUpdated, turnEvent(MINE, 'paused')],
        [ServerEvents.draftUpdated, turnEvent(MINE, 'resumed')],
        [ServerEvents.draftUpdated, turnEvent(RIVAL)],
        [ServerEvents.draftUpdated, turnEvent(MINE)],
        [ServerEvents.draftUpdated, turnEvent(MINE)],
        [ServerEvents.draftCompleted, turnEvent(MINE, 'completed')],
      ]),
    ).toEqual(['onTheClock', null, null, null, 'onTheClock', 'onTheClock', null]);
    expect(kinds([[ServerEvents.draftUpdated, turnEvent(MINE)]], null)).toEqual([null]);
  });
});

describe('alert preferences', () => {
  beforeEach(() => localStorage.clear());

  it('are kept per user in local storage, with sound on and notifications off by default', () => {
    expect(loadAlertPreferences('u1')).toEqual(DEFAULT_ALERT_PREFERENCES);
    expect(DEFAULT_ALERT_PREFERENCES).toEqual({ sound: true, notification: false });
    localStorage.setItem(alertPreferencesKey('u1'), JSON.stringify({ sound: false, notification: true }));
    expect(loadAlertPreferences('u1')).toEqual({ sound: false, notification: true });
    expect(loadAlertPreferences('u2')).toEqual(DEFAULT_ALERT_PREFERENCES);
    localStorage.setItem(alertPreferencesKey('u3'), '{not json');
    expect(loadAlertPreferences('u3')).toEqual(DEFAULT_ALERT_PREFERENCES);
  });
});

function RoomAlerts({
  userId,
  teamId,
  signals,
  requestPermission,
}: {
  userId: string;
  teamId: string | null;
  signals: AlertSignals;
  requestPermission: () => Promise<boolean>;
}) {
  const [preferences, setPreferences] = useAlertPreferences(userId);
  const [snapshot] = useState({ auction: null, currentTeamTurn: null });
  useDraftAlerts({ draftId: DRAFT, teamId, snapshot, preferences, signals });
  return (
    <AlertToggles preferences={preferences} onChange={setPreferences} requestPermission={requestPermission} />
  );
}

describe('draft room alerts', () => {
  let live: { socket: FakeLiveSocket; restore: () => void };
  let fired: Array<{ how: 'beep' | 'notify'; kind: string }>;
  let permission: boolean;
  const signals: AlertSignals = {
    beep: (alert) => fired.push({ how: 'beep', kind: alert.kind }),
    notify: (alert) => fired.push({ how: 'notify', kind: alert.kind }),
  };
  const requestPermission = () => Promise.resolve(permission);

  beforeEach(() => {
    localStorage.clear();
    live = installFakeLiveSocket();
    fired = [];
    permission = true;
  });
  afterEach(() => {
    cleanup();
    live.restore();
  });

  const send = (event: string, payload: unknown) => act(() => live.socket.serverSends(event, payload));
  const soundBox = () => screen.getByRole('checkbox', { name: 'Sound alerts' });
  const notifyBox = () => screen.getByRole('checkbox', { name: 'Browser notifications' });

  it('beeps when outbid and, once switched on, notifies; each event once; switches remembered per user', async () => {
    const view = render(
      <RoomAlerts userId="u1" teamId={MINE} signals={signals} requestPermission={requestPermission} />,
    );
    expect(soundBox()).toBeChecked();
    expect(notifyBox()).not.toBeChecked();

    send(ServerEvents.bidPlaced, auctionEvent(MINE, 2));
    const outbid = auctionEvent(RIVAL, 3);
    send(ServerEvents.bidPlaced, outbid);
    send(ServerEvents.bidPlaced, outbid);
    expect(fired).toEqual([{ how: 'beep', kind: 'outbid' }]);

    fireEvent.click(notifyBox());
    await waitFor(() => expect(notifyBox()).toBeChecked());
    fireEvent.click(soundBox());
    expect(soundBox()).not.toBeChecked();
    fired = [];
    send(ServerEvents.draftUpdated, turnEvent(MINE));
    expect(fired).toEqual([{ how: 'notify', kind: 'onTheClock' }]);
    // Another draft's events are not this room's.
    send(ServerEvents.draftUpdated, { ...turnEvent(MINE), draftId: '00000000-0000-4000-8000-00000000d002' });
    expect(fired).toHaveLength(1);

    expect(JSON.parse(localStorage.getItem(alertPreferencesKey('u1'))!)).toEqual({
      sound: false,
      notification: true,
    } satisfies AlertPreferences);
    view.unmount();
    render(<RoomAlerts userId="u1" teamId={MINE} signals={signals} requestPermission={requestPermission} />);
    expect(soundBox()).not.toBeChecked();
    expect(notifyBox()).toBeChecked();
    cleanup();
    render(<RoomAlerts userId="u2" teamId={MINE} signals={signals} requestPermission={requestPermission} />);
    expect(soundBox()).toBeChecked();
    expect(notifyBox()).not.toBeChecked();
  });

  it('keeps notifications off when the browser refuses permission', async () => {
    permission = false;
    render(<RoomAlerts userId="u1" teamId={MINE} signals={signals} requestPermission={requestPermission} />);
    fireEvent.click(notifyBox());
    await act(() => Promise.resolve());
    expect(notifyBox()).not.toBeChecked();
    expect(loadAlertPreferences('u1').notification).toBe(false);
  });
});
