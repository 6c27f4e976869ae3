import type { OpsFiguresData } from '@auction/contracts';

/** 1234 → "1.2 s", 95000 → "1 min 35 s", null → "—". */
export function durationText(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1_000);
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** 0.25 → "25%", null (no bid judged yet) → "—". */
export function shareText(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** Rates with one decimal, whole numbers without. */
export function rateText(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** "14:05" in the viewer's time zone, for a chart's axis. */
export function minuteLabel(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
}

export type OpsState = 'live' | 'kafka-off' | 'consumer-down';

/** Why there may be nothing to show: Kafka not configured, or the ops consumer not measuring. */
export function opsStateOf(figures: Pick<OpsFiguresData, 'kafkaEnabled' | 'consumerRunning'>): OpsState {
  if (figures.consumerRunning) return 'live';
  return figures.kafkaEnabled ? 'consumer-down' : 'kafka-off';
}

/** Relay lag as shown on its card: events behind and how old the oldest is. */
export function relayLagText(lag: OpsFiguresData['relayLag']): string {
  if (!lag) return '—';
  return lag.events === 0 ? 'Caught up' : `${lag.events} events · ${durationText(lag.ms)}`;
}

/** The API's asynchronous projections together: caught up, or how many events they still have to apply. */
export function projectionLagText(lag: OpsFiguresData['projectionLag']): string {
  if (lag.length === 0) return 'None running';
  const behind = lag.reduce((sum, projection) => sum + projection.lag, 0);
  return behind === 0 ? 'Caught up' : `${behind} events behind`;
}

/** One line per projection: its name, events behind and the last position it applied. */
export function projectionLagCaption(lag: OpsFiguresData['projectionLag']): string | undefined {
  if (lag.length === 0) return undefined;
  return lag
    .map((projection) => `${projection.name}: ${projection.lag} behind, at position ${projection.position}`)
    .join(' · ');
}

export function consumerLagText(lag: OpsFiguresData['consumerLag']): string {
  if (!lag) return '—';
  return lag.messages === 0 ? 'Caught up' : `${lag.messages} messages`;
}
