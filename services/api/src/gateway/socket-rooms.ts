/** Every authenticated socket is in this room: user-list broadcasts go there, never to anonymous sockets. */
export const AUTHENTICATED_ROOM = 'authenticated';

/** Sockets authenticated as an admin: admin-only events (player sync progress) go there. */
export const ADMINS_ROOM = 'admins';

/** The live room of one draft. */
export function draftRoom(draftId: string): string {
  return `draft:${draftId}`;
}

/** All sockets (tabs) of one user. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}
