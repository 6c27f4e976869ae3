import type { User } from '@auction/contracts';
import { isApiError } from '../shared/api/api-error.js';
import { authApi } from '../shared/api/auth.api.js';
import { sessionCheckUnanswered, sessionRestored, signedOut } from './auth-slice.js';
import type { AppStore } from './store.js';

/**
 * Waits before asking again when GET /auth/me got no verdict on the token: 1 s, 2 s, 4 s, 8 s, then every 10 s (the
 * last delay repeats) until the server answers.
 */
export const RESTORE_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 10_000];

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
 * again, for as long as it takes: a page closed or navigated away while it restores (its request cancelled) must not
 * clear the session every other tab of the browser shares, and a server restarting or down (no answer, 502, 503) says
 * nothing about the token — giving up after a few seconds signed every tab out of a deploy that took longer. The
 * screen says the server is being retried meanwhile (`unreachable`).
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
      if (gotNoVerdict(error)) {
        store.dispatch(sessionCheckUnanswered());
        await sleep(retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 0);
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
