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

/** A started read of a cache entry, as far as a reload needs it (RTK Query's `initiate(...)` result). */
export interface StartedRead extends PromiseLike<{ isError: boolean; requestId?: string }> {
  requestId: string;
}

/** Reads of one entry a live event may start before one is sent after the event. */
const READS_PER_RELOAD = 3;

/**
 * A reload for an entry that a live event has made stale (a sale, a rejoin after a reconnect). RTK Query sends no
 * second read of an entry while one is in flight, and the one in flight may have been asked before the event: its
 * answer would then miss what the event announced, with no later event to put it right (a draft shown active after
 * its last sale completed it). So once that read is in, the entry is read again. Stops when the entry is removed.
 */
export function reloadOnEvent(lifecycle: LiveCacheLifecycle, startRead: () => StartedRead): () => void {
  let removed = false;
  const stop = () => {
    removed = true;
  };
  void lifecycle.cacheEntryRemoved.then(stop, stop);
  return () =>
    void (async () => {
      for (let read = 0; read < READS_PER_RELOAD && !removed; read += 1) {
        const request = startRead();
        const answer = await request;
        // Not sent: the answer is the read that was in flight, which may predate the event.
        if (answer.isError || answer.requestId === request.requestId) return;
      }
    })();
}
