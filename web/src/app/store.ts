import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { liveReducer } from '../features/live/live-slice.js';
import { baseApi } from '../shared/api/base-api.js';
import { serverClockReducer } from '../shared/live/server-clock-slice.js';
import { sessionExpired } from '../shared/session/session-events.js';
import {
  clearStoredSession,
  readStoredSession,
  writeStoredSession,
  type StoredSession,
} from '../shared/session/session-storage.js';
import { authReducer, initialAuthState, signedOut, type AuthState } from './auth-slice.js';

/**
 * Keeps local storage equal to the auth state: a session is stored only while both token and user exist. Ending a
 * session clears only that session: if another tab has stored a newer one meanwhile, it stays.
 */
export function persistSession(auth: AuthState, before?: AuthState): void {
  if (auth.token && auth.user) {
    writeStoredSession({ token: auth.token, user: auth.user });
    return;
  }
  const stored = readStoredSession();
  if (!stored || !before?.token || stored.token === before.token) clearStoredSession();
}

export function createAppStore(stored: StoredSession | null = readStoredSession()) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: {
      auth: authReducer,
      live: liveReducer,
      serverClock: serverClockReducer,
      [baseApi.reducerPath]: baseApi.reducer,
    },
    preloadedState: { auth: initialAuthState(stored) },
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(baseApi.middleware),
  });

  // Nothing cached for one user may be shown to the next one.
  listeners.startListening({
    matcher: isAnyOf(signedOut, sessionExpired),
    effect: async (action, api) => {
      // A 401 arrives in the middle of a request: let that request settle (and reject with its ApiError) first,
      // since resetting aborts whatever is still running.
      if (sessionExpired.match(action)) await api.delay(0);
      api.dispatch(baseApi.util.resetApiState());
    },
  });

  // A listener rather than store.subscribe: RTK batches subscriber notifications of RTK Query actions, and the
  // session must be stored as soon as the state has it.
  listeners.startListening({
    predicate: (_action, current, previous) => {
      const now = (current as { auth: AuthState }).auth;
      const before = (previous as { auth: AuthState }).auth;
      return now.token !== before.token || now.user !== before.user;
    },
    effect: (_action, api) =>
      persistSession(
        (api.getState() as { auth: AuthState }).auth,
        (api.getOriginalState() as { auth: AuthState }).auth,
      ),
  });

  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
