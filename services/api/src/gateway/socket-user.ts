import type { Socket } from 'socket.io';
import type { AuthUser } from '../common/auth/auth-user.js';

interface SocketData {
  user?: AuthUser;
}

/** The user a socket authenticated as, or null. Handlers of other gateways use it to ignore anonymous sockets
 * (the main gateway already answered them `error { message: 'Not authenticated' }`). */
export function socketUser(socket: Socket): AuthUser | null {
  return (socket.data as SocketData).user ?? null;
}

export function setSocketUser(socket: Socket, user: AuthUser): void {
  (socket.data as SocketData).user = user;
}
