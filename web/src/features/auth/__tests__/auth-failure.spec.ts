import { describe, expect, it } from '@jest/globals';
import { routeAuthFailure } from '../auth-failure.js';
import { passwordChecklist } from '../components/password-checklist.js';

describe('routeAuthFailure (spec section 8)', () => {
  const login = ['email', 'password'] as const;
  const registration = ['username', 'email'] as const;

  it('puts a message naming the email on the email field', () => {
    expect(
      routeAuthFailure({ status: 401, message: 'Invalid email or password' }, login, 'Login failed'),
    ).toEqual({
      field: 'email',
      message: 'Invalid email or password',
    });
  });

  it('puts a message naming the password on the password field', () => {
    expect(routeAuthFailure({ status: 401, message: 'Wrong Password' }, login, 'Login failed')).toEqual({
      field: 'password',
      message: 'Wrong Password',
    });
  });

  it('toasts other messages, or the fallback when there is none', () => {
    expect(routeAuthFailure({ status: 429, message: 'Too many attempts' }, login, 'Login failed')).toEqual({
      toast: 'Too many attempts',
    });
    expect(routeAuthFailure({ status: 'INVALID_RESPONSE', message: '' }, login, 'Login failed')).toEqual({
      toast: 'Login failed',
    });
    expect(routeAuthFailure(new Error('x'), registration, 'Registration failed')).toEqual({
      toast: 'Registration failed',
    });
  });

  it('routes registration messages to username first, then email', () => {
    expect(routeAuthFailure({ status: 409, message: 'Username already taken' }, registration, 'x')).toEqual({
      field: 'username',
      message: 'Username already taken',
    });
    expect(routeAuthFailure({ status: 409, message: 'Email already registered' }, registration, 'x')).toEqual(
      {
        field: 'email',
        message: 'Email already registered',
      },
    );
  });
});

describe('passwordChecklist', () => {
  it('checks the length and shows the match item only once the confirmation has text', () => {
    expect(passwordChecklist('abc', '')).toEqual([{ label: 'At least 6 characters long', met: false }]);
    expect(passwordChecklist('abcdef', 'abc')).toEqual([
      { label: 'At least 6 characters long', met: true },
      { label: 'Passwords match', met: false },
    ]);
    expect(passwordChecklist('abcdef', 'abcdef')[1]).toEqual({ label: 'Passwords match', met: true });
  });
});
