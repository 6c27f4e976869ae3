import { ClientEvents, ServerEvents, activeUsersUpdateSchema, type SocketError } from '@auction/contracts';
import type { Dispatch } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { io, type Socket } from 'socket.io-client';
import { getLiveSocket, setLiveSocket } from '../../shared/live/live-socket-registry.js';
import {
  activeUserCountUpdated,
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
  listenToPresence(connection, dispatch);
  connection.on(ServerEvents.error, (payload: Partial<SocketError> | undefined) => {
    if (payload?.message) toast.error(payload.message);
  });
  return connection;
}

/**
 * The header's count and the joined room. `activeUsersUpdate {count}` counts everyone connected: sent at
 * authentication, then whenever it changes (at most once a second). `draftJoined` lists the room's users, which the
 * room reads; it does not change the count.
 */
export function listenToPresence(connection: Pick<Socket, 'on'>, dispatch: Dispatch): void {
  connection.on(ServerEvents.activeUsersUpdate, (payload: unknown) => {
    const update = activeUsersUpdateSchema.safeParse(payload);
    if (update.success) dispatch(activeUserCountUpdated(update.data.count));
  });
  connection.on(ServerEvents.draftJoined, (payload: unknown) => {
    const draftId = (payload as { draftId?: unknown } | null)?.draftId;
    if (typeof draftId === 'string') dispatch(draftRoomJoined(draftId));
  });
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
