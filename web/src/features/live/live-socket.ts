import { ClientEvents, ServerEvents, type ActiveUsersUpdate, type SocketError } from '@auction/contracts';
import type { Dispatch } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { io, type Socket } from 'socket.io-client';
import { getLiveSocket, setLiveSocket } from '../../shared/live/live-socket-registry.js';
import {
  activeUsersUpdated,
  draftRoomJoined,
  liveAuthenticated,
  liveConnected,
  liveDisconnected,
  liveReset,
} from './live-slice.js';
import { LIVE_TOASTS } from './live-toasts.js';

/**
 * docs/product.md §7.8 (Socket: client events): the socket lives on the server root, websocket first then polling,
 * 10 s connection timeout.
 */
export const LIVE_CONNECTION_TIMEOUT_MS = 10_000;

export { LIVE_TOASTS };

/** The open socket lives in shared/live, so other features can listen to it without importing this one. */
export { getLiveSocket };

function usernamesOf(payload: unknown): string[] {
  const list = (payload as Partial<ActiveUsersUpdate> | null)?.activeUsers;
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => (typeof entry === 'string' ? entry : entry?.username))
    .filter((name): name is string => typeof name === 'string');
}

/** Opens the live connection for a signed-in user; closes any previous one first. */
export function openLiveConnection(token: string, dispatch: Dispatch): Socket {
  closeLiveConnection(dispatch);
  const connection = io({
    transports: ['websocket', 'polling'],
    timeout: LIVE_CONNECTION_TIMEOUT_MS,
  });
  setLiveSocket(connection);

  connection.on('connect', () => {
    dispatch(liveConnected());
    connection.emit(ClientEvents.authenticate, token);
    toast.success(LIVE_TOASTS.connected, { id: 'live-connected' });
  });
  connection.on(ServerEvents.authenticated, () => dispatch(liveAuthenticated()));
  connection.on(ServerEvents.authError, () => {
    toast.error(LIVE_TOASTS.authError, { id: 'live-auth-error' });
  });
  connection.on('connect_error', () => {
    dispatch(liveDisconnected());
    toast.error(LIVE_TOASTS.connectionError, { id: 'live-connection-error' });
  });
  connection.on('disconnect', () => dispatch(liveDisconnected()));
  connection.on(ServerEvents.activeUsersUpdate, (payload: unknown) =>
    dispatch(activeUsersUpdated(usernamesOf(payload))),
  );
  // Joining a room answers with who is there (and the chat history, which the room's chat reads).
  connection.on(ServerEvents.draftJoined, (payload: unknown) => {
    const draftId = (payload as { draftId?: unknown } | null)?.draftId;
    if (typeof draftId === 'string') dispatch(draftRoomJoined(draftId));
    dispatch(activeUsersUpdated(usernamesOf(payload)));
  });
  connection.on(ServerEvents.error, (payload: Partial<SocketError> | undefined) => {
    if (payload?.message) toast.error(payload.message);
  });
  return connection;
}

/** Closes the live connection (logout) and forgets its state. */
export function closeLiveConnection(dispatch: Dispatch): void {
  const socket = getLiveSocket();
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  setLiveSocket(null);
  dispatch(liveReset());
}
