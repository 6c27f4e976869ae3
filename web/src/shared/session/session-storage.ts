import type { User } from '@auction/contracts';

/** docs/product.md §9 (Constants): the token and the user are kept in local storage, side by side. */
export const TOKEN_STORAGE_KEY = 'token';
export const USER_STORAGE_KEY = 'user';

export interface StoredSession {
  token: string;
  user: User;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed iframes): behave as a guest.
    return null;
  }
}

function looksLikeUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate._id === 'string' &&
    typeof candidate.username === 'string' &&
    typeof candidate.role === 'string'
  );
}

/** The stored session, or null when the token or the user is missing or unreadable. */
export function readStoredSession(): StoredSession | null {
  const store = storage();
  if (!store) return null;
  try {
    const token = store.getItem(TOKEN_STORAGE_KEY);
    const rawUser = store.getItem(USER_STORAGE_KEY);
    if (!token || !rawUser) return null;
    const user: unknown = JSON.parse(rawUser);
    return looksLikeUser(user) ? { token, user } : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: StoredSession): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(TOKEN_STORAGE_KEY, session.token);
    store.setItem(USER_STORAGE_KEY, JSON.stringify(session.user));
  } catch {
    // A full or blocked storage only costs the session on reload.
  }
}

export function clearStoredSession(): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(TOKEN_STORAGE_KEY);
    store.removeItem(USER_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
