import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** HTTP status, or what went wrong before an HTTP status could be read. */
export type ApiErrorStatus = number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'INVALID_RESPONSE';

/** What every failed call rejects with (`unwrap()`), and what a query's `error` holds. */
export interface ApiError {
  status: ApiErrorStatus;
  /** The server's message when it sent one, else a generic description; may be empty. */
  message: string;
}

export const GENERIC_ERROR_MESSAGE = 'An error occurred';
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';
export const TIMEOUT_ERROR_MESSAGE = 'Request timed out. Please try again.';

/** docs/product.md §8.1 (Failed calls): the texts a failed call shows, whatever the screen. */
export const ERROR_TOASTS = {
  unauthorized: 'Session expired. Please login again.',
  forbidden: 'Access denied. Insufficient permissions.',
  notFound: 'Resource not found.',
  server: 'Server error. Please try again later.',
} as const;

export function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    (typeof candidate.status === 'number' || typeof candidate.status === 'string') &&
    typeof candidate.message === 'string'
  );
}

/** The server answered 404: what was asked for does not exist (any more), unlike a failure to reach the server. */
export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** The message of a rejected call for showing to a user, or `fallback` when there is none. */
export function errorMessage(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  if (isApiError(error) && error.message.trim() !== '') return error.message;
  return fallback;
}

/** The `message` of an envelope or of a framework error body (NestJS may send a list of messages). */
export function serverMessageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const message = (body as Record<string, unknown>).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.filter((part) => typeof part === 'string').join(', ');
  return '';
}

/** Turns what fetchBaseQuery reports into our error shape. */
export function toApiError(error: FetchBaseQueryError): ApiError {
  switch (error.status) {
    case 'FETCH_ERROR':
      return { status: 'FETCH_ERROR', message: NETWORK_ERROR_MESSAGE };
    case 'TIMEOUT_ERROR':
      return { status: 'TIMEOUT_ERROR', message: TIMEOUT_ERROR_MESSAGE };
    case 'PARSING_ERROR':
      // A proxy's HTML error page is not JSON: its HTTP status still says what happened.
      return error.originalStatus >= 400
        ? { status: error.originalStatus, message: '' }
        : { status: 'PARSING_ERROR', message: '' };
    case 'CUSTOM_ERROR':
      return { status: 'INVALID_RESPONSE', message: serverMessageOf(error.data) || error.error };
    default:
      return { status: error.status, message: serverMessageOf(error.data) };
  }
}

export type EnvelopeOutcome = { data: unknown } | { error: ApiError };

/**
 * Reads a successful HTTP answer as `{ success, message, data }`: `success: false`, or an answer without `success`
 * or without `data`, is a failure even with a 2xx status.
 */
export function unwrapEnvelope(body: unknown, httpStatus: number): EnvelopeOutcome {
  if (typeof body !== 'object' || body === null) {
    return { error: { status: 'INVALID_RESPONSE', message: '' } };
  }
  const envelope = body as Record<string, unknown>;
  if (envelope.success === true && 'data' in envelope && envelope.data !== undefined) {
    return { data: envelope.data };
  }
  if (envelope.success === false) {
    return { error: { status: httpStatus, message: serverMessageOf(envelope) } };
  }
  return { error: { status: 'INVALID_RESPONSE', message: serverMessageOf(envelope) } };
}

/** docs/product.md §8.1 (Failed calls): the toast text for a failed call. */
export function errorToastText(error: ApiError): string {
  if (error.status === 401) return ERROR_TOASTS.unauthorized;
  if (error.status === 403) return ERROR_TOASTS.forbidden;
  if (error.status === 404) return ERROR_TOASTS.notFound;
  if (typeof error.status === 'number' && error.status >= 500) return ERROR_TOASTS.server;
  return errorMessage(error, GENERIC_ERROR_MESSAGE);
}
