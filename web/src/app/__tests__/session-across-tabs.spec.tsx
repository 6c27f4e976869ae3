import { describe, expect, it } from '@jest/globals';
import type { User } from '@auction/contracts';
import { guestAuthState, type AuthState } from '../auth-slice.js';
import { otherTabChange } from '../session-across-tabs.js';

const alice: User = {
  _id: '7f1c1a52-3b6e-4a59-9a4e-1d2f3c4b5a69',
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const bob: User = { ...alice, _id: '0b0b0b0b-3b6e-4a59-9a4e-1d2f3c4b5a69', username: 'bob' };
const signedInAs = (user: User, token: string): AuthState => ({ user, token, status: 'authenticated' });

describe('otherTabChange', () => {
  it('signs this tab out when the stored session is gone or half removed', () => {
    expect(otherTabChange(signedInAs(alice, 't1'), null)).toEqual({ kind: 'signedOut' });
    expect(otherTabChange({ user: alice, token: 't1', status: 'loading' }, null)).toEqual({
      kind: 'signedOut',
    });
    expect(otherTabChange(guestAuthState, null)).toEqual({ kind: 'none' });
  });

  it('signs a guest tab in, and adopts a new token of the same user', () => {
    const session = { user: alice, token: 't2' };
    expect(otherTabChange(guestAuthState, session)).toEqual({ kind: 'signedIn', session });
    expect(otherTabChange(signedInAs(alice, 't1'), session)).toEqual({ kind: 'signedIn', session });
  });

  it('switches when another user signed in, and follows a profile change', () => {
    const other = { user: bob, token: 't3' };
    expect(otherTabChange(signedInAs(alice, 't1'), other)).toEqual({ kind: 'switched', session: other });
    const renamed = { user: { ...alice, username: 'alice2' }, token: 't1' };
    expect(otherTabChange(signedInAs(alice, 't1'), renamed)).toEqual({
      kind: 'userUpdated',
      session: renamed,
    });
    expect(otherTabChange(signedInAs(alice, 't1'), { user: alice, token: 't1' })).toEqual({ kind: 'none' });
  });
});
