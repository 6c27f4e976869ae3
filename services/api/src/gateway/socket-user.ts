import type { Server, Socket } from 'socket.io';
import type { AuthUser } from '../common/auth/auth-user.js';
import { userRoom } from './socket-rooms.js';

interface SocketData {
  user?: AuthUser;
  /** The token the socket signed in with: its id names the socket's token room, its expiry ends the session. */
  token?: { jti: string; exp: number };
  sessionEnd?: NodeJS.Timeout;
  watchingDrafts?: boolean;
  /**
   * The socket finished signing in and belongs in presence: its authenticate's add answered, or failed while Redis
   * was out and the heartbeat puts it back. What a lost-presence check counts.
   */
  present?: boolean;
}

/** The user a socket authenticated as, or null. Handlers of other gateways use it to ignore anonymous sockets
 * (the main gateway already answered them `error { message: 'Not authenticated' }`). */
export function socketUser(socket: Socket): AuthUser | null {
  return (socket.data as SocketData).user ?? null;
}

export function setSocketUser(socket: Socket, user: AuthUser): void {
  (socket.data as SocketData).user = user;
}

export function socketToken(socket: Socket): { jti: string; exp: number } | null {
  return (socket.data as SocketData).token ?? null;
}

export function setSocketToken(socket: Socket, token: { jti: string; exp: number }): void {
  (socket.data as SocketData).token = token;
}

/** The timer that ends the socket's session when its token expires (one per socket; the previous one is cleared). */
export function setSessionEnd(socket: Socket, timer: NodeJS.Timeout | undefined): void {
  const data = socket.data as SocketData;
  clearTimeout(data.sessionEnd);
  data.sessionEnd = timer;
}

export function markPresent(socket: Socket): void {
  (socket.data as SocketData).present = true;
}

export function isPresent(socket: Socket): boolean {
  return (socket.data as SocketData).present === true;
}

/** Whether the socket asked for draft-level events of every draft (`watchDrafts`), kept across re-authentication. */
export function watchingDrafts(socket: Socket): boolean {
  return (socket.data as SocketData).watchingDrafts === true;
}

export function setWatchingDrafts(socket: Socket, watching: boolean): void {
  (socket.data as SocketData).watchingDrafts = watching;
}

/** What a profile change tells every instance: the user's new name. */
export interface UserRenamed {
  id: string;
  username: string;
}

export function parseUserRenamed(value: unknown): UserRenamed | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, username } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof username === 'string' ? { id, username } : null;
}

/**
 * Renames the user on this instance's sockets signed in as them: chat, typing, presence and the actor of a socket
 * command read the socket's user, which was set when it authenticated. Answers the sockets renamed.
 */
export function renameSocketUser(server: Server, renamed: UserRenamed): Socket[] {
  const namespace = server.of('/');
  const renamedSockets: Socket[] = [];
  for (const socketId of namespace.adapter.rooms.get(userRoom(renamed.id)) ?? []) {
    const socket = namespace.sockets.get(socketId);
    const current = socket && socketUser(socket);
    if (!socket || current?.id !== renamed.id) continue;
    setSocketUser(socket, { ...current, username: renamed.username });
    renamedSockets.push(socket);
  }
  return renamedSockets;
}
