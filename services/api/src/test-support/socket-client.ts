import { draftJoinedSchema, type ActiveUsersUpdate } from '@auction/contracts';
import { io, type Socket } from 'socket.io-client';

/** A socket.io client for tests, websocket only (like the web app's first choice). */
export function connectSocket(baseUrl: string): Socket {
  return io(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
}

/** Resolves with the next `event` payload (optionally the first one matching `predicate`). */
export function nextEvent<T = unknown>(
  socket: Socket,
  event: string,
  predicate: (payload: T) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no "${event}" within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

export async function connected(socket: Socket): Promise<Socket> {
  if (!socket.connected) await nextEvent(socket, 'connect');
  return socket;
}

/** A new socket, connected and signed in with `token` (in no draft's room). The caller keeps it to disconnect it. */
export async function signedInSocket(baseUrl: string, token: string): Promise<Socket> {
  const socket = await connected(connectSocket(baseUrl));
  const authenticated = nextEvent(socket, 'authenticated');
  socket.emit('authenticate', token);
  await authenticated;
  return socket;
}

/**
 * A client that connected, authenticated with `token` and joined the draft's room: the socket and its `draftJoined`
 * payload. The caller keeps the socket to disconnect it.
 */
export async function joinedDraftRoom(
  baseUrl: string,
  token: string,
  draftId: string,
): Promise<{ socket: Socket; joined: unknown }> {
  const socket = await connected(connectSocket(baseUrl));
  const authenticated = nextEvent(socket, 'authenticated');
  socket.emit('authenticate', token);
  await authenticated;
  const draftJoined = nextEvent(socket, 'draftJoined');
  socket.emit('joinDraft', { draftId });
  return { socket, joined: await draftJoined };
}

/**
 * A new socket signed in with `token` that joined the draft's room: the count it was told at sign-in and the room's
 * usernames from `draftJoined`. The caller keeps the socket to disconnect it.
 */
export async function openDraftRoom(
  baseUrl: string,
  token: string,
  draftId: string,
): Promise<{ socket: Socket; count: number; roomUsers: string[] }> {
  const socket = await connected(connectSocket(baseUrl));
  const counted = nextEvent<ActiveUsersUpdate>(socket, 'activeUsersUpdate');
  socket.emit('authenticate', token);
  const { count } = await counted;
  const joined = nextEvent(socket, 'draftJoined');
  socket.emit('joinDraft', { draftId });
  const roomUsers = draftJoinedSchema.parse(await joined).activeUsers.map((entry) => entry.username);
  return { socket, count, roomUsers };
}
