import { describe, expect, it } from '@jest/globals';
import {
  ERROR_TOASTS,
  errorMessage,
  errorToastText,
  isApiError,
  NETWORK_ERROR_MESSAGE,
  serverMessageOf,
  TIMEOUT_ERROR_MESSAGE,
  toApiError,
  unwrapEnvelope,
} from '../api-error.js';

describe('errorToastText (spec section 8)', () => {
  it.each([
    [401, 'Session expired. Please login again.'],
    [403, 'Access denied. Insufficient permissions.'],
    [404, 'Resource not found.'],
    [500, 'Server error. Please try again later.'],
    [502, 'Server error. Please try again later.'],
    [503, 'Server error. Please try again later.'],
  ])('maps HTTP %i to its fixed text, whatever the server said', (status, text) => {
    expect(errorToastText({ status, message: 'something from the server' })).toBe(text);
  });

  it('shows the server message for other failures', () => {
    expect(errorToastText({ status: 400, message: 'Team number already taken' })).toBe(
      'Team number already taken',
    );
    expect(errorToastText({ status: 409, message: 'Draft already started' })).toBe('Draft already started');
  });

  it("falls back to 'An error occurred' when there is no message", () => {
    expect(errorToastText({ status: 400, message: '' })).toBe('An error occurred');
    expect(errorToastText({ status: 'INVALID_RESPONSE', message: '   ' })).toBe('An error occurred');
  });

  it('uses the generic description of network failures and timeouts', () => {
    expect(errorToastText(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }))).toBe(
      NETWORK_ERROR_MESSAGE,
    );
    expect(errorToastText(toApiError({ status: 'TIMEOUT_ERROR', error: 'AbortError' }))).toBe(
      TIMEOUT_ERROR_MESSAGE,
    );
  });

  it('exports the exact spec texts', () => {
    expect(ERROR_TOASTS).toEqual({
      unauthorized: 'Session expired. Please login again.',
      forbidden: 'Access denied. Insufficient permissions.',
      notFound: 'Resource not found.',
      server: 'Server error. Please try again later.',
    });
  });
});

describe('toApiError', () => {
  it('keeps the HTTP status and the envelope message', () => {
    expect(
      toApiError({ status: 400, data: { success: false, message: 'Draft name is required', data: null } }),
    ).toEqual({
      status: 400,
      message: 'Draft name is required',
    });
  });

  it('joins a list of framework validation messages', () => {
    expect(
      toApiError({ status: 400, data: { message: ['name is required', 'teamNumber must be a number'] } }),
    ).toEqual({
      status: 400,
      message: 'name is required, teamNumber must be a number',
    });
  });

  it('has an empty message when the body has none', () => {
    expect(toApiError({ status: 500, data: 'Internal Server Error' })).toEqual({ status: 500, message: '' });
  });

  it('keeps the HTTP status of an unparseable error page (a proxy error)', () => {
    expect(
      toApiError({
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: '<html>Bad gateway</html>',
        error: 'SyntaxError',
      }),
    ).toEqual({ status: 502, message: '' });
    expect(
      toApiError({ status: 'PARSING_ERROR', originalStatus: 200, data: 'oops', error: 'SyntaxError' }).status,
    ).toBe('PARSING_ERROR');
  });
});

describe('unwrapEnvelope', () => {
  it('returns data of a successful envelope', () => {
    expect(unwrapEnvelope({ success: true, message: 'OK', data: { teams: [] } }, 200)).toEqual({
      data: { teams: [] },
    });
  });

  it('accepts null data', () => {
    expect(unwrapEnvelope({ success: true, message: 'Deleted', data: null }, 200)).toEqual({ data: null });
  });

  it('treats success:false as an error even with a 2xx status', () => {
    expect(unwrapEnvelope({ success: false, message: 'Nope', data: null }, 200)).toEqual({
      error: { status: 200, message: 'Nope' },
    });
  });

  it('treats an answer without success or data as an invalid response', () => {
    expect(unwrapEnvelope({ message: 'hi', data: {} }, 200)).toEqual({
      error: { status: 'INVALID_RESPONSE', message: 'hi' },
    });
    expect(unwrapEnvelope({ success: true, message: 'no data' }, 200)).toEqual({
      error: { status: 'INVALID_RESPONSE', message: 'no data' },
    });
    expect(unwrapEnvelope('plain text', 200)).toEqual({ error: { status: 'INVALID_RESPONSE', message: '' } });
    expect(unwrapEnvelope(null, 204)).toEqual({ error: { status: 'INVALID_RESPONSE', message: '' } });
  });
});

describe('errorMessage and isApiError', () => {
  it('returns the message of an ApiError or the fallback', () => {
    expect(errorMessage({ status: 400, message: 'Bad team' })).toBe('Bad team');
    expect(errorMessage({ status: 400, message: '' }, 'Login failed')).toBe('Login failed');
    expect(errorMessage(new Error('boom'))).toBe('An error occurred');
    expect(errorMessage(undefined, 'Registration failed')).toBe('Registration failed');
  });

  it('recognises the error shape', () => {
    expect(isApiError({ status: 404, message: '' })).toBe(true);
    expect(isApiError({ status: 'FETCH_ERROR', message: 'x' })).toBe(true);
    expect(isApiError({ status: 404 })).toBe(false);
    expect(isApiError('404')).toBe(false);
  });

  it('reads messages from bodies of any shape', () => {
    expect(serverMessageOf({ message: 'x' })).toBe('x');
    expect(serverMessageOf({ message: 3 })).toBe('');
    expect(serverMessageOf(null)).toBe('');
  });
});
