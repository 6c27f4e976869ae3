import { createLiveGate, draftIdOf } from './live-gate.js';
import { onLiveEvent } from './live-socket-registry.js';

/** The part of RTK Query's `onCacheEntryAdded` lifecycle a live stream needs. */
export interface LiveCacheLifecycle {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

export type LiveHandlers = Record<string, (payload: unknown) => void>;

export interface StreamOptions {
  /** Only events of this draft reach the handlers (events of other drafts do not move the gate either). */
  draftId?: string;
  /** Events that bypass the gate (room-level events such as a rejoin, which are not in the log). */
  ungated?: readonly string[];
}

/**
 * Streams live socket events into one RTK Query cache entry while it exists (the "streaming updates" pattern of
 * RTK Query): once the first answer is in, each event goes through the entry's gate (duplicates and events older
 * than their draft's newest version are dropped, see live-gate.ts) and then to its handler; listening stops when
 * the entry is removed.
 */
export async function streamLiveEvents(
  lifecycle: LiveCacheLifecycle,
  handlers: LiveHandlers,
  { draftId, ungated = [] }: StreamOptions = {},
): Promise<void> {
  const gate = createLiveGate();
  const stops: Array<() => void> = [];
  try {
    await lifecycle.cacheDataLoaded;
    for (const [event, handle] of Object.entries(handlers)) {
      stops.push(
        onLiveEvent(event, (payload) => {
          if (draftId !== undefined && draftIdOf(payload) !== draftId) return;
          if (!ungated.includes(event) && !gate.accept(event, payload)) return;
          handle(payload);
        }),
      );
    }
    await lifecycle.cacheEntryRemoved;
  } catch {
    // cacheDataLoaded rejects when the entry goes away before its first answer: nothing to listen to then.
  } finally {
    for (const stop of stops) stop();
  }
}
