import { alertText, type DraftAlert } from './draft-alerts.js';

/** How an alert reaches the user; the hook takes these so tests can watch them. */
export interface AlertSignals {
  beep(alert: DraftAlert): void;
  notify(alert: DraftAlert): void;
}

let audio: AudioContext | null = null;

/**
 * A short generated beep through the Web Audio API (no audio file to download): one high tone when outbid, two
 * lower ones when on the clock. Browsers start audio only after the user has interacted with the page; before that
 * the beep is silently skipped.
 */
function beep(alert: DraftAlert): void {
  const Context = globalThis.AudioContext;
  if (!Context) return;
  try {
    audio ??= new Context();
    if (audio.state === 'suspended') void audio.resume();
    const tones =
      alert.kind === 'outbid'
        ? [{ at: 0, hz: 880 }]
        : [
            { at: 0, hz: 660 },
            { at: 0.2, hz: 660 },
          ];
    for (const { at, hz } of tones) {
      const start = audio.currentTime + at;
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = hz;
      // A quick fade in and out avoids clicks.
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.15);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.16);
    }
  } catch (error) {
    console.warn('Could not play the alert sound', error);
  }
}

/** A browser notification, when the browser has the user's permission; one per kind replaces the previous one. */
function notify(alert: DraftAlert): void {
  const NotificationApi = globalThis.Notification;
  if (!NotificationApi || NotificationApi.permission !== 'granted') return;
  try {
    const { title, body } = alertText(alert);
    new NotificationApi(title, { body, tag: `draft-alert-${alert.kind}` });
  } catch (error) {
    console.warn('Could not show the alert notification', error);
  }
}

export const browserAlertSignals: AlertSignals = { beep, notify };

/**
 * Asks the browser for permission to notify (it shows its prompt only after a click: call from the switch's
 * handler). True when notifications may be shown.
 */
export async function requestNotificationPermission(): Promise<boolean> {
  const NotificationApi = globalThis.Notification;
  if (!NotificationApi) return false;
  if (NotificationApi.permission === 'granted') return true;
  if (NotificationApi.permission === 'denied') return false;
  try {
    return (await NotificationApi.requestPermission()) === 'granted';
  } catch {
    return false;
  }
}
