import {
  ClientEvents,
  ServerEvents,
  activeUsersUpdateSchema,
  profileUpdatedPayloadSchema,
  type SocketError,
} from '@auction/contracts';
import type { Dispatch, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { io, type Socket } from 'socket.io-client';
import { authApi } from '../../shared/api/auth.api.js';
import { showErrorToast } from '../../shared/api/base-api.js';
import { getLiveSocket, noteLiveConnection, setLiveSocket } from '../../shared/live/live-socket-registry.js';
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

/**
 * How long a page whose socket the server ended waits before asking whether its session still holds: a logout in
 * another tab of the browser tells this one sooner (a storage event), and says so better.
 */
export const SESSION_CHECK_DELAY_MS = 1_000;

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
    noteLiveConnection(connection.id);
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
  connection.on('disconnect', (reason) => {
    dispatch(liveDisconnected());
    // The server ends a socket when its token is logged out (on any device) or expires, and socket.io does not
    // reconnect after that: ask the server about the session, so a revoked one leads to /login now rather than at
    // the page's next request.
    if (reason === 'io server disconnect') checkSessionLater(connection, dispatch);
  });
  listenToPresence(connection, dispatch);
  listenToProfileChanges(connection, dispatch);
  connection.on(ServerEvents.error, (payload: Partial<SocketError> | undefined) => {
    if (payload?.message) showErrorToast(payload.message);
  });
  return connection;
}

/**
 * GET /auth/me with the page's token: a 401 ends the session like any other (`Session expired. Please login again.`,
 * then /login); an answer means the server ended the socket for another reason, and it connects again.
 */
function checkSessionLater(connection: Socket, dispatch: Dispatch): void {
  setTimeout(() => {
    // Closed meanwhile: the session ended here (a logout, another tab's) or the user changed.
    if (getLiveSocket() !== connection) return;
    const thunkDispatch = dispatch as ThunkDispatch<unknown, unknown, UnknownAction>;
    thunkDispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }))
      .unwrap()
      .then(
        () => {
          if (getLiveSocket() === connection && connection.disconnected) connection.connect();
        },
        () => undefined,
      );
  }, SESSION_CHECK_DELAY_MS);
}

/**
 * `profileUpdated`: this user's profile changed on some device (docs/product.md §4.1). The profile is read again
 * (GET /auth/me), which updates the header and the stored session, so this browser's other tabs follow too.
 */
export function listenToProfileChanges(connection: Pick<Socket, 'on'>, dispatch: Dispatch): void {
  connection.on(ServerEvents.profileUpdated, (payload: unknown) => {
    if (!profileUpdatedPayloadSchema.safeParse(payload).success) return;
    const thunkDispatch = dispatch as ThunkDispatch<unknown, unknown, UnknownAction>;
    void thunkDispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }));
  });
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
