import type { Socket } from 'socket.io';
/** Every authenticated socket is in this room: user-list broadcasts go there, never to anonymous sockets. */
export const AUTHENTICATED_ROOM = 'authenticated';

/** Sockets authenticated as an admin: admin-only events (player sync progress) go there. */
export const ADMINS_ROOM = 'admins';

/**
 * Sockets showing a list of drafts (dashboard, draft picker, admin pages: `watchDrafts`): draft-level events of every
 * draft go there and to the draft's room, not to every socket (ADR 0021).
 */
export const DRAFT_WATCHERS_ROOM = 'draft-watchers';

/** The live room of one draft. */
export function draftRoom(draftId: string): string {
  return `draft:${draftId}`;
}

/** All sockets (tabs) of one user. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The sockets signed in with one token (its `jti`): a logout disconnects them on every instance. */
export function tokenRoom(jti: string): string {
  return `token:${jti}`;
}

interface RoomData {
  drafts?: Set<string>;
}

/**
 * The drafts whose room presence a socket is in (kept on the socket, so a disconnect can still say which rooms it left,
 * and the presence heartbeat can put it back after Redis lost it).
 */
export function joinedDrafts(socket: Socket): Set<string> {
  const data = socket.data as RoomData;
  data.drafts ??= new Set();
  return data.drafts;
}
