import type { User } from '@auction/contracts';
import { isApiError } from '../shared/api/api-error.js';
import { authApi } from '../shared/api/auth.api.js';
import { sessionRestored, signedOut } from './auth-slice.js';
import type { AppStore } from './store.js';

/** Waits before asking again when GET /auth/me got no verdict on the token (1 s, then 2 s). */
export const RESTORE_RETRY_DELAYS_MS = [1_000, 2_000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Server answers that say nothing about the token: it was busy, restarting, or a proxy answered for it. */
const TRANSIENT_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * Whether the failure left the token's validity unknown: no HTTP answer (the server was unreachable, or the page is
 * leaving and the browser cancelled the request), a transient server failure, or a rejection that is not an API
 * answer at all (a request aborted inside the client).
 */
function gotNoVerdict(error: unknown): boolean {
  if (!isApiError(error)) return true;
  if (typeof error.status === 'number') return TRANSIENT_STATUSES.has(error.status);
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}

/**
 * docs/product.md §4.1 (Session): with a stored token and user, the profile is fetched; success authenticates, a
 * failure or an answer without a user clears the stored session. A request that got no verdict on the token is asked
 * again first: a page closed or navigated away while it restores (its request cancelled) must not clear the session
 * every other tab of the browser shares, and a server restarting or overloaded for a moment (no answer, 502, 503)
 * should not sign anybody out.
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
      if (gotNoVerdict(error) && delay !== undefined) {
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
