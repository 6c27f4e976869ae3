import { useSyncExternalStore } from 'react';

/**
 * The local time, refreshed every TICK_MS while some component shows a clock. Countdowns compute what is left from a
 * deadline and this time on every render, so a slow tab or a missed tick never adds up to drift.
 */
export const TICK_MS = 200;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === null) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of [...listeners]) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

// Always the cached value: React re-reads it right after subscribing, when `subscribe` has just refreshed it.
const snapshot = () => now;

export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
