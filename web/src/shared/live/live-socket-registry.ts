import type { Socket } from 'socket.io-client';

/**
 * The one live socket of the app. features/live opens and closes it; other features only listen, through here, so no
 * feature imports another. A new socket replaces the old one on every sign-in, so listeners are re-attached to it.
 */
let current: Socket | null = null;
const watchers = new Set<(socket: Socket | null) => void>();
/** The ids socket.io gave the open socket's connections: a reconnect gets a new one. */
let connectionIds: { current: string | null; previous: string | null } = { current: null, previous: null };

/** The open socket, for screens that join rooms or send live actions; null when not connected. */
export function getLiveSocket(): Socket | null {
  return current;
}

/** Called by the live connection when it opens a socket (the socket) or closes it (null). */
export function setLiveSocket(socket: Socket | null): void {
  current = socket;
  connectionIds = { current: null, previous: null };
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

/** Called by the live connection each time its socket connects, with the connection's id. */
export function noteLiveConnection(id: string | undefined): void {
  connectionIds = { current: id ?? null, previous: connectionIds.current };
}

/**
 * After a reconnect, the id of the socket's connection before this one. A room join names it (`replaces`): until the
 * server notices it is gone (a crashed instance's sockets count for up to a minute, a half-open one until the ping
 * timeout), it holds one of the user's places in the room, and a user with several tabs open could be refused.
 */
export function replacedConnectionId(): string | null {
  return connectionIds.previous;
}
