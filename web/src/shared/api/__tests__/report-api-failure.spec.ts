import { describe, expect, it } from '@jest/globals';
import type { UnknownAction } from '@reduxjs/toolkit';
import { sessionExpired } from '../../session/session-events.js';
import type { ApiError } from '../api-error.js';
import { reportApiFailure, type FailureEffects } from '../base-api.js';

function recorder() {
  const dispatched: UnknownAction[] = [];
  const notified: string[] = [];
  const effects: FailureEffects = {
    dispatch: ((action: UnknownAction) => {
      dispatched.push(action);
      return action;
    }) as FailureEffects['dispatch'],
    notify: (text) => notified.push(text),
  };
  return { dispatched, notified, effects };
}

const unauthorized: ApiError = { status: 401, message: 'jwt expired' };

describe('reportApiFailure', () => {
  it('drops the session of the token the request carried and says so on 401', () => {
    const { dispatched, notified, effects } = recorder();
    reportApiFailure(unauthorized, { token: 'jwt' }, effects);
    expect(dispatched).toEqual([sessionExpired({ token: 'jwt' })]);
    expect(notified).toEqual(['Session expired. Please login again.']);
  });

  it('ends the session on a 401 to a call whose screen shows its own errors (a bid, completing an auction)', () => {
    const { dispatched, notified, effects } = recorder();
    reportApiFailure(unauthorized, { token: 'jwt', handlesOwnErrors: true }, effects);
    expect(dispatched).toEqual([sessionExpired({ token: 'jwt' })]);
    expect(notified).toEqual(['Session expired. Please login again.']);
  });

  it('says nothing about the 401 of a logout, which ends the session itself', () => {
    const { dispatched, notified, effects } = recorder();
    reportApiFailure(unauthorized, { token: 'jwt', handlesOwnErrors: true, endsSession: true }, effects);
    expect(dispatched).toEqual([]);
    expect(notified).toEqual([]);
  });

  it('only toasts other failures', () => {
    const { dispatched, notified, effects } = recorder();
    reportApiFailure({ status: 404, message: 'Draft not found' }, {}, effects);
    reportApiFailure({ status: 400, message: 'Team number already taken' }, {}, effects);
    expect(dispatched).toEqual([]);
    expect(notified).toEqual(['Resource not found.', 'Team number already taken']);
  });

  it('leaves login and register failures (even 401, no token sent) to their screens', () => {
    const { dispatched, notified, effects } = recorder();
    reportApiFailure(unauthorized, { handlesOwnErrors: true }, effects);
    expect(dispatched).toEqual([]);
    expect(notified).toEqual([]);
  });

  it('says nothing about cancelled requests', () => {
    const { dispatched, notified, effects } = recorder();
    reportApiFailure({ status: 'FETCH_ERROR', message: 'aborted' }, { aborted: true }, effects);
    expect(dispatched).toEqual([]);
    expect(notified).toEqual([]);
  });
});
