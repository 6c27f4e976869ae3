import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import type { Dispatch } from '@reduxjs/toolkit';
import toast from 'react-hot-toast';
import { sessionExpired } from '../session/session-events.js';
import { errorToastText, toApiError, unwrapEnvelope, type ApiError } from './api-error.js';

/** docs/product.md §7.1 (Conventions): base path /api, 10 second timeout. */
export const API_BASE_URL = '/api';
export const API_TIMEOUT_MS = 10_000;

/** Per-endpoint options for the base query (`extraOptions` of an endpoint definition). */
export interface ApiExtraOptions {
  /**
   * The screen shows this call's failure itself (login, register, a bid) or ignores it (logout): no toast. A 401 to a
   * request that carried a token still ends that session (login and register carry none, so a wrong password logs
   * nobody out).
   */
  handlesOwnErrors?: boolean;
  /** The call ends the session itself (logout): its 401 says nothing new. */
  endsSession?: boolean;
}

function tokenFrom(state: unknown): string | null {
  const auth = (state as { auth?: { token?: string | null } }).auth;
  return auth?.token ?? null;
}

/** Absolute, so requests can be built outside a page too (the fetch API of Node, used by the tests). */
const apiBaseUrl = `${globalThis.location?.origin ?? ''}${API_BASE_URL}`;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl,
  timeout: API_TIMEOUT_MS,
  // Looked up per call rather than at import time, so modules load where fetch is absent (unit tests).
  fetchFn: (input, init) => fetch(input, init),
  prepareHeaders: (headers, { getState }) => {
    const token = tokenFrom(getState());
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * One toast per distinct text: ten calls failing with 401 at once show one "Session expired". The live socket's
 * `error {message}` goes through here too, so a bid refused over the socket (told as an event and in its
 * acknowledgement) shows its message once.
 */
export function showErrorToast(text: string): void {
  toast.error(text, { id: `api-error:${text}` });
}

export interface FailureEffects {
  dispatch: Dispatch;
  notify: (text: string) => void;
}

export interface FailedCall {
  handlesOwnErrors?: boolean;
  endsSession?: boolean;
  aborted?: boolean;
  /** The bearer token the request carried, if any. */
  token?: string | null;
}

/**
 * docs/product.md §8.1 (Failed calls) for one failed call: a toast with the mapped text, and on 401 the session of
 * the token the request carried is dropped — also for calls whose screen shows their own errors (a 401 to a bid
 * means the session is over, not that the bid was refused). Nothing for cancelled requests.
 */
export function reportApiFailure(
  error: ApiError,
  { handlesOwnErrors = false, endsSession = false, aborted = false, token = null }: FailedCall,
  { dispatch, notify }: FailureEffects,
): void {
  if (aborted) return;
  if (error.status === 401 && token && !endsSession) {
    dispatch(sessionExpired({ token }));
    notify(errorToastText(error));
    return;
  }
  if (handlesOwnErrors) return;
  notify(errorToastText(error));
}

function bearerTokenOf(request: Request | undefined): string | null {
  const authorization = request?.headers.get('Authorization') ?? '';
  return authorization.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null;
}

/**
 * fetchBaseQuery on /api that unwraps `{ success, message, data }` into `data`, rejects with `ApiError`, and applies
 * docs/product.md §8.1 (Failed calls) in one place: a toast for every failed call, and on 401 the session is dropped
 * (the route guard then sends the user to /login).
 */
export const envelopeBaseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, {});
  const httpStatus = result.meta?.response?.status ?? 200;
  const outcome = result.error
    ? { error: toApiError(result.error) }
    : unwrapEnvelope(result.data, httpStatus);

  if ('error' in outcome) {
    reportApiFailure(
      outcome.error,
      {
        handlesOwnErrors: extraOptions?.handlesOwnErrors,
        endsSession: extraOptions?.endsSession,
        aborted: api.signal.aborted,
        token: bearerTokenOf(result.meta?.request),
      },
      { dispatch: api.dispatch, notify: showErrorToast },
    );
    return { error: outcome.error, meta: result.meta };
  }
  return { data: outcome.data, meta: result.meta };
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes: ['Me', 'Users', 'Teams', 'Drafts', 'Players', 'Auction', 'Picks'],
  endpoints: () => ({}),
});

/** The tag every list query provides, so creating or deleting anything refreshes the lists. */
export const LIST_ID = 'LIST';

/** Everything a change to picks touches: rosters and budgets, players' drafted flags, the draft's counters. */
export const PICK_SIDE_EFFECT_TAGS = [
  { type: 'Picks' as const, id: LIST_ID },
  { type: 'Teams' as const, id: LIST_ID },
  'Players' as const,
  'Drafts' as const,
];
