import type { Socket } from 'socket.io';
import type { AuthUser } from '../common/auth/auth-user.js';

interface SocketData {
  user?: AuthUser;
  watchingDrafts?: boolean;
}

/** The user a socket authenticated as, or null. Handlers of other gateways use it to ignore anonymous sockets
 * (the main gateway already answered them `error { message: 'Not authenticated' }`). */
export function socketUser(socket: Socket): AuthUser | null {
  return (socket.data as SocketData).user ?? null;
}

export function setSocketUser(socket: Socket, user: AuthUser): void {
  (socket.data as SocketData).user = user;
}

/** Whether the socket asked for draft-level events of every draft (`watchDrafts`), kept across re-authentication. */
export function watchingDrafts(socket: Socket): boolean {
  return (socket.data as SocketData).watchingDrafts === true;
}

export function setWatchingDrafts(socket: Socket, watching: boolean): void {
  (socket.data as SocketData).watchingDrafts = watching;
}
