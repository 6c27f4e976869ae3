import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import {
  readStoredSession,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  type StoredSession,
} from '../shared/session/session-storage.js';
import { signedIn, signedOut, storedUserChanged, type AuthState } from './auth-slice.js';
import type { AppStore } from './store.js';

export const SIGNED_OUT_ELSEWHERE_TOAST = 'Logged out in another tab';

/** What this tab does when another tab of the browser changed the stored session (docs/product.md §4.1). */
export type OtherTabChange =
  | { kind: 'none' }
  | { kind: 'signedOut' }
  | { kind: 'signedIn'; session: StoredSession }
  | { kind: 'switched'; session: StoredSession }
  | { kind: 'userUpdated'; session: StoredSession };

/**
 * Compares this tab's session with the stored one after a `storage` event. A sign-out removes the token first and a
 * sign-in writes the user last, so a half-written session reads as none and is judged at its second event.
 */
export function otherTabChange(auth: AuthState, stored: StoredSession | null): OtherTabChange {
  if (!stored) return auth.token ? { kind: 'signedOut' } : { kind: 'none' };
  if (!auth.token) return { kind: 'signedIn', session: stored };
  if (stored.token !== auth.token) {
    // The same user signed in anew keeps the page; another user must not see this one's page or data.
    return stored.user._id === auth.user?._id
      ? { kind: 'signedIn', session: stored }
      : { kind: 'switched', session: stored };
  }
  if (auth.status === 'authenticated' && JSON.stringify(stored.user) !== JSON.stringify(auth.user)) {
    return { kind: 'userUpdated', session: stored };
  }
  return { kind: 'none' };
}

/**
 * Tabs of one browser share one stored session, so they follow each other: a logout in one tab ends the others at
 * once (the server has revoked the token and cut their sockets; without this they would learn it only from a 401 at
 * their next request), a sign-in shows in a tab left on /login, and a profile change updates the header.
 */
export function SessionAcrossTabs() {
  const store = useStore() as AppStore;
  const navigate = useNavigate();

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY && event.key !== USER_STORAGE_KEY) return;
      const change = otherTabChange(store.getState().auth, readStoredSession());
      switch (change.kind) {
        case 'none':
          return;
        case 'signedOut':
          // As the tab's own logout does: leave at once, so no page queries again without a token.
          store.dispatch(signedOut());
          toast.success(SIGNED_OUT_ELSEWHERE_TOAST);
          navigate('/login', { replace: true });
          return;
        case 'switched':
          // Nothing cached for the previous user may be shown to the next one.
          store.dispatch(signedOut());
          store.dispatch(signedIn(change.session));
          navigate('/dashboard', { replace: true });
          return;
        case 'signedIn':
          store.dispatch(signedIn(change.session));
          return;
        case 'userUpdated':
          store.dispatch(storedUserChanged(change.session.user));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store, navigate]);

  return null;
}
