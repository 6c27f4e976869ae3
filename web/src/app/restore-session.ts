import { authApi } from '../shared/api/auth.api.js';
import { sessionRestored, signedOut } from './auth-slice.js';
import type { AppStore } from './store.js';

/**
 * docs/product.md §4.1 (Session): with a stored token and user, the profile is fetched; success authenticates, a
 * failure or an answer without a user clears the stored session.
 */
export async function restoreSession(store: AppStore): Promise<void> {
  if (store.getState().auth.status !== 'loading') return;
  const request = store.dispatch(
    authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }),
  );
  try {
    const user = await request.unwrap();
    store.dispatch(user ? sessionRestored(user) : signedOut());
  } catch {
    store.dispatch(signedOut());
  }
}
