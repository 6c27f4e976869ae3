import { ClientEvents } from '@auction/contracts';
import { getLiveSocket, onLiveEvent } from './live-socket-registry.js';

let watchers = 0;
let stopReconnects: (() => void) | null = null;

/**
 * Puts the live socket in the server's draft-watchers room while at least one list of drafts is on screen
 * (dashboard, draft picker, admin pages): draft-level events (draftStarted/Updated/Completed) of every draft reach
 * those sockets and the drafts' rooms only, not every socket (ADR 0021). Sent again on every (re)connect, since a new
 * server-side socket is in no room; the server keeps a request sent before `authenticate` until the socket
 * authenticates. Returns the function that stops watching (the last one out sends `unwatchDrafts`).
 */
export function watchDraftList(): () => void {
  watchers += 1;
  // Every list asks (the server ignores a repeat): a list on a socket opened since the last one asked is counted.
  getLiveSocket()?.emit(ClientEvents.watchDrafts);
  stopReconnects ??= onLiveEvent('connect', () => getLiveSocket()?.emit(ClientEvents.watchDrafts));
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watchers -= 1;
    if (watchers > 0) return;
    stopReconnects?.();
    stopReconnects = null;
    const socket = getLiveSocket();
    if (socket?.connected) socket.emit(ClientEvents.unwatchDrafts);
  };
}
