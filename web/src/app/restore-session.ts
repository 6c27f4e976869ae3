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
 * Whether the failure left the token's validity unknown: a transient server failure, or no HTTP status from the API
 * at all — the server was unreachable, the request timed out, the answer could not be read (the page left while its
 * body was arriving, and the browser cut it off) or was not the API's envelope (a proxy or a portal answered 200), or
 * the rejection is not an API answer (a request aborted inside the client). Only the API's own status speaks for the
 * token: clearing on an unreadable answer signed out every tab of the browser, which share the stored session.
 */
function gotNoVerdict(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return typeof error.status === 'number' ? TRANSIENT_STATUSES.has(error.status) : true;
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
