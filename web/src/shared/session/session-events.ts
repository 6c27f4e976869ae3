import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched by the API layer when the server answers 401 to a request that carried `token`. It lives in `shared` so
 * the API layer does not depend on the app's auth slice; the slice (and the live connection) react to it. Only the
 * session of that token ends: a late answer for a token this tab no longer holds (another tab signed in since) ends
 * nothing.
 */
export const sessionExpired = createAction<{ token: string }>('auth/sessionExpired');
