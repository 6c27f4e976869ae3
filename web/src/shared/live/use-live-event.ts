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
