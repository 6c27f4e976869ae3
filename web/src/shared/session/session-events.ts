import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched by the API layer when the server answers 401. It lives in `shared` so the API layer does not depend
 * on the app's auth slice; the slice (and the live connection) react to it.
 */
export const sessionExpired = createAction('auth/sessionExpired');
