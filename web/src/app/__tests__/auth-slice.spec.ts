import { afterEach, describe, expect, it } from '@jest/globals';
import type { User } from '@auction/contracts';
import { sessionExpired } from '../../shared/session/session-events.js';
import {
  readStoredSession,
  writeStoredSession,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
} from '../../shared/session/session-storage.js';
import {
  authReducer,
  guestAuthState,
  initialAuthState,
  selectCurrentUser,
  selectIsAdmin,
  selectIsAuthenticated,
  sessionRestored,
  signedIn,
  signedOut,
  type AuthState,
} from '../auth-slice.js';
import { createAppStore } from '../store.js';

const user: User = {
  _id: '7f1c1a52-3b6e-4a59-9a4e-1d2f3c4b5a69',
  username: 'draft_king',
  email: 'king@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const admin: User = { ...user, username: 'commish', role: 'admin' };

const withAuth = (auth: AuthState) => ({ auth });

afterEach(() => localStorage.clear());

describe('auth slice', () => {
  it('starts as a guest without a stored session, and loading with one', () => {
    expect(initialAuthState(null)).toEqual({ user: null, token: null, status: 'guest' });
    expect(initialAuthState({ token: 't', user })).toEqual({ user, token: 't', status: 'loading' });
  });

  it('is authenticated after signing in, and only with both user and token', () => {
    const state = authReducer(guestAuthState, signedIn({ user, token: 'jwt' }));
    expect(state).toEqual({ user, token: 'jwt', status: 'authenticated' });
    expect(selectIsAuthenticated(withAuth(state))).toBe(true);
    expect(selectIsAuthenticated(withAuth({ user, token: null, status: 'authenticated' }))).toBe(false);
    expect(selectIsAuthenticated(withAuth({ user, token: 'jwt', status: 'loading' }))).toBe(false);
  });

  it('confirms a stored session with the profile from /auth/me', () => {
    const loading = initialAuthState({ token: 'jwt', user });
    const renamed = { ...user, username: 'renamed' };
    const state = authReducer(loading, sessionRestored(renamed));
    expect(state).toEqual({ user: renamed, token: 'jwt', status: 'authenticated' });
  });

  it('does not restore a session that has no token', () => {
    expect(authReducer(guestAuthState, sessionRestored(user))).toEqual(guestAuthState);
  });

  it('forgets everything on logout and when the session expires', () => {
    const signed = authReducer(guestAuthState, signedIn({ user, token: 'jwt' }));
    expect(authReducer(signed, signedOut())).toEqual(guestAuthState);
    expect(authReducer(signed, sessionExpired({ token: 'jwt' }))).toEqual(guestAuthState);
  });

  it("ignores a 401 for a token this tab no longer holds (another tab's sign-in since)", () => {
    const signed = authReducer(guestAuthState, signedIn({ user, token: 'new' }));
    expect(authReducer(signed, sessionExpired({ token: 'old' }))).toBe(signed);
  });

  it('tells admins apart by role', () => {
    expect(selectIsAdmin(withAuth({ user: admin, token: 't', status: 'authenticated' }))).toBe(true);
    expect(selectIsAdmin(withAuth({ user, token: 't', status: 'authenticated' }))).toBe(false);
    expect(selectIsAdmin(withAuth(guestAuthState))).toBe(false);
    expect(selectCurrentUser(withAuth(guestAuthState))).toBeNull();
  });
});

describe('session persistence through the store', () => {
  it('reads the stored token and user at start-up', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-jwt');
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    const store = createAppStore();
    expect(store.getState().auth).toEqual({ user, token: 'stored-jwt', status: 'loading' });
  });

  it('ignores a stored user that cannot be read', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'stored-jwt');
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(readStoredSession()).toBeNull();
    expect(createAppStore().getState().auth.status).toBe('guest');
  });

  it('stores token and user on sign-in and clears both on logout', () => {
    const store = createAppStore(null);
    store.dispatch(signedIn({ user, token: 'jwt' }));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);

    store.dispatch(signedOut());
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('clears the stored session when the server says it expired', () => {
    const store = createAppStore(null);
    store.dispatch(signedIn({ user, token: 'jwt' }));
    store.dispatch(sessionExpired({ token: 'jwt' }));
    expect(store.getState().auth).toEqual(guestAuthState);
    expect(readStoredSession()).toBeNull();
  });

  it('keeps a session another tab stored meanwhile when this one ends', () => {
    const store = createAppStore(null);
    store.dispatch(signedIn({ user, token: 'stale' }));
    // Another tab signed in as someone else; this tab missed the storage event.
    writeStoredSession({ token: 'fresh', user: admin });
    store.dispatch(sessionExpired({ token: 'stale' }));
    expect(store.getState().auth).toEqual(guestAuthState);
    expect(readStoredSession()).toEqual({ token: 'fresh', user: admin });
  });
});
