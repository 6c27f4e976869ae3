import type { Socket } from 'socket.io-client';

/**
 * The one live socket of the app. features/live opens and closes it; other features only listen, through here, so no
 * feature imports another. A new socket replaces the old one on every sign-in, so listeners are re-attached to it.
 */
let current: Socket | null = null;
const watchers = new Set<(socket: Socket | null) => void>();

/** The open socket, for screens that join rooms or send live actions; null when not connected. */
export function getLiveSocket(): Socket | null {
  return current;
}

/** Called by the live connection when it opens a socket (the socket) or closes it (null). */
export function setLiveSocket(socket: Socket | null): void {
  current = socket;
  for (const watch of [...watchers]) watch(socket);
}

/**
 * Calls `listener` for every `event` the live socket receives, whichever socket is open now or later. Returns the
 * function that stops listening.
 */
export function onLiveEvent(event: string, listener: (payload: unknown) => void): () => void {
  let attached: Socket | null = null;
  const attach = (socket: Socket | null) => {
    attached?.off(event, listener);
    attached = socket;
    attached?.on(event, listener);
  };
  attach(current);
  watchers.add(attach);
  return () => {
    watchers.delete(attach);
    attached?.off(event, listener);
    attached = null;
  };
}
