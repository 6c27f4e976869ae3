import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@auction/contracts';
import { authApi } from '../shared/api/auth.api.js';
import { sessionExpired } from '../shared/session/session-events.js';
import type { StoredSession } from '../shared/session/session-storage.js';

/** `loading`: a stored session is being checked with GET /auth/me; the route guard shows a spinner meanwhile. */
export type AuthStatus = 'loading' | 'authenticated' | 'guest';

export interface AuthState {
  user: User | null;
  token: string | null;
  status: AuthStatus;
  /** While `loading`: GET /auth/me got no verdict yet (the server unreachable or failing); it keeps being asked. */
  unreachable?: boolean;
}

export const guestAuthState: AuthState = { user: null, token: null, status: 'guest' };

/** A stored token and user are trusted only after the server confirms them. */
export function initialAuthState(stored: StoredSession | null): AuthState {
  return stored ? { user: stored.user, token: stored.token, status: 'loading' } : guestAuthState;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: guestAuthState,
  reducers: {
    signedIn(_state, action: PayloadAction<{ user: User; token: string }>) {
      return { ...action.payload, status: 'authenticated' };
    },
    /** The stored session was confirmed by GET /auth/me. */
    sessionRestored(state, action: PayloadAction<User>) {
      if (!state.token) return guestAuthState;
      state.user = action.payload;
      state.status = 'authenticated';
      delete state.unreachable;
    },
    /** GET /auth/me got no verdict on the stored token: the session is kept and checked again (restoreSession). */
    sessionCheckUnanswered(state) {
      if (state.status === 'loading') state.unreachable = true;
    },
    signedOut() {
      return guestAuthState;
    },
    /** Another tab changed the signed-in user's profile (the token is the same). */
    storedUserChanged(state, action: PayloadAction<User>) {
      if (state.status === 'authenticated' && state.user?._id === action.payload._id)
        state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionExpired, (state, action) =>
        action.payload.token === state.token ? guestAuthState : state,
      )
      .addMatcher(
        isAnyOf(authApi.endpoints.login.matchFulfilled, authApi.endpoints.register.matchFulfilled),
        (state, action) => {
          const { user, token } = action.payload ?? {};
          // docs/product.md §5.1 (Sign-in and registration): an answer without user or token is a failed login; the
          // screen says so.
          if (!user || !token) return state;
          return { user, token, status: 'authenticated' };
        },
      )
      .addMatcher(
        isAnyOf(authApi.endpoints.getMe.matchFulfilled, authApi.endpoints.updateProfile.matchFulfilled),
        (state, action) => {
          if (state.status === 'authenticated' && action.payload) state.user = action.payload;
        },
      );
  },
});

export const { signedIn, sessionRestored, sessionCheckUnanswered, signedOut, storedUserChanged } =
  authSlice.actions;
export const authReducer = authSlice.reducer;

interface WithAuth {
  auth: AuthState;
}

export const selectAuth = (state: WithAuth) => state.auth;
export const selectAuthStatus = (state: WithAuth) => state.auth.status;
export const selectServerUnreachable = (state: WithAuth) => state.auth.unreachable === true;
export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectToken = (state: WithAuth) => state.auth.token;
/** Authenticated means both user and token are present (docs/product.md §4.1 (Session)). */
export const selectIsAuthenticated = (state: WithAuth) =>
  state.auth.status === 'authenticated' && state.auth.user !== null && state.auth.token !== null;
export const selectIsAdmin = (state: WithAuth) => state.auth.user?.role === 'admin';
