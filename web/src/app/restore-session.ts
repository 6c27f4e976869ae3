import type { User } from '@auction/contracts';
import { isApiError } from '../shared/api/api-error.js';
import { authApi } from '../shared/api/auth.api.js';
import { sessionRestored, signedOut } from './auth-slice.js';
import type { AppStore } from './store.js';

/** Waits before asking again when GET /auth/me got no answer at all (1 s, then 2 s). */
export const RESTORE_RETRY_DELAYS_MS = [1_000, 2_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** No HTTP answer: the server was unreachable, or the page is leaving and the browser cancelled the request. */
function gotNoAnswer(error: unknown): boolean {
  return isApiError(error) && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
}

/**
 * docs/product.md §4.1 (Session): with a stored token and user, the profile is fetched; success authenticates, a
 * failure or an answer without a user clears the stored session. A request that got no answer is asked again first:
 * a page closed or navigated away while it restores (its request cancelled) must not clear the session every other
 * tab of the browser shares, and a server restarting for a moment should not sign anybody out.
 */
export async function restoreSession(
  store: AppStore,
  retryDelaysMs: readonly number[] = RESTORE_RETRY_DELAYS_MS,
): Promise<void> {
  if (store.getState().auth.status !== 'loading') return;
  for (let attempt = 0; ; attempt += 1) {
    let user: User | null | undefined;
    try {
      user = await store
        .dispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true }))
        .unwrap();
    } catch (error) {
      const delay = retryDelaysMs[attempt];
      if (gotNoAnswer(error) && delay !== undefined) {
        await sleep(delay);
        // Another tab may have signed this one in or out meanwhile.
        if (store.getState().auth.status !== 'loading') return;
        continue;
      }
      store.dispatch(signedOut());
      return;
    }
    store.dispatch(user ? sessionRestored(user) : signedOut());
    return;
  }
}
