import { useEffect, useRef } from 'react';
import { onLiveEvent } from './live-socket-registry.js';

/** Listens to a live socket event while the component is mounted; the latest `listener` is always the one called. */
export function useLiveEvent(event: string, listener: (payload: unknown) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onLiveEvent(event, (payload) => latest.current(payload)), [event]);
}

/** Listens to several live socket events while mounted; the latest handlers are always the ones called. */
export function useLiveEvents(handlers: Record<string, (payload: unknown) => void>): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const events = Object.keys(handlers).sort().join('|');
  useEffect(() => {
    const stops = events
      .split('|')
      .filter(Boolean)
      .map((event) => onLiveEvent(event, (payload) => latest.current[event]?.(payload)));
    return () => {
      for (const stop of stops) stop();
    };
  }, [events]);
}
