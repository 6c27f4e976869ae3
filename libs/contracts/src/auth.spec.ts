import { describe, expect, it } from '@jest/globals';
import { firstIssueMessage } from './envelope.js';
import {
  NEW_EMAIL_NOT_ASCII,
  loginRequestSchema,
  registerFormSchema,
  registerRequestSchema,
  updateProfileRequestSchema,
} from './auth.js';

function messageOf(result: { success: boolean; error?: unknown }): string | null {
  if (result.success) return null;
  return firstIssueMessage(result.error as Parameters<typeof firstIssueMessage>[0]);
}

describe('login request', () => {
  it.each([
    [{ password: 'secret1' }, 'Email is required'],
    [{ email: '   ', password: 'secret1' }, 'Email is required'],
    [{ email: 'nope', password: 'secret1' }, 'Invalid email address'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters'],
    [{ email: 'a@b.co', password: 'x'.repeat(129) }, 'Password must not exceed 128 characters'],
  ])('rejects %j with "%s"', (body, message) => {
    expect(messageOf(loginRequestSchema.safeParse(body))).toBe(message);
  });

  it('refuses a 98 KB email at once: the address pattern is not run on text over the limit', () => {
    // `a@.a.a.a…@` made the pattern backtrack quadratically: 2.7 s of the event loop per request, under the body limit.
    const email = `a@${'.a'.repeat(49_000)}@`;
    for (const schema of [loginRequestSchema, registerRequestSchema]) {
      const started = performance.now();
      const result = schema.safeParse({ username: 'ann_1', email, password: 'secret1' });
      expect(performance.now() - started).toBeLessThan(100);
      expect(messageOf(result)).toBe('Email must not exceed 254 characters');
    }
  });

  it('normalises the email to lower case and keeps the password as typed', () => {
    expect(loginRequestSchema.parse({ email: ' Ann@Example.COM ', password: ' pass word ' })).toEqual({
      email: 'ann@example.com',
      password: ' pass word ',
    });
  });
});

describe('register request', () => {
  const valid = { username: 'ann_1', email: 'ann@example.com', password: 'secret1' };

  it.each([['ann@example.com.'], ['ann@.example.com'], ['ann@example..com']])(
    'refuses %s, a domain with an empty label (it would be another user than ann@example.com)',
    (email) => {
      expect(messageOf(registerRequestSchema.safeParse({ ...valid, email }))).toBe('Invalid email address');
      expect(messageOf(updateProfileRequestSchema.safeParse({ email }))).toBe('Invalid email address');
      // An address stored before this rule still signs in.
      expect(loginRequestSchema.safeParse({ email, password: 'secret1' }).success).toBe(true);
    },
  );

  it.each([['ann@example.com'], ['ann.lee+draft@mail.example.co.uk'], ['x@localhost.test']])(
    'accepts %s',
    (email) => {
      expect(registerRequestSchema.safeParse({ ...valid, email }).success).toBe(true);
    },
  );

  it('takes only printable ASCII addresses, compared once lower-cased; sign-in still reads any stored one', () => {
    const register = (email: string) => registerRequestSchema.safeParse({ ...valid, email });
    expect(messageOf(register('ann\u200b@example.com'))).toBe(NEW_EMAIL_NOT_ASCII);
    expect(messageOf(updateProfileRequestSchema.safeParse({ email: 'j\u00f6rg@example.com' }))).toBe(
      NEW_EMAIL_NOT_ASCII,
    );
    expect(register('ann@xn--exmple-cua.com').success).toBe(true);
    expect(registerRequestSchema.parse({ ...valid, email: '\u212aim@example.com' }).email).toBe(
      'kim@example.com',
    );
    expect(
      loginRequestSchema.safeParse({ email: 'j\u00f6rg@example.com', password: 'secret1' }).success,
    ).toBe(true);
  });

  it.each([
    [{ ...valid, username: undefined }, 'Username is required'],
    [{ ...valid, username: 'ab' }, 'Username must be at least 3 characters'],
    [{ ...valid, username: 'a'.repeat(31) }, 'Username must not exceed 30 characters'],
    [{ ...valid, username: 'ann smith' }, 'Username can only contain letters, numbers, and underscores'],
    [{ ...valid, username: null }, 'Username is required'],
    [{ ...valid, username: 42 }, 'Username must be text'],
    [{ ...valid, email: ['ann@example.com'] }, 'Email must be text'],
  ])('rejects %j with "%s"', (body, message) => {
    expect(messageOf(registerRequestSchema.safeParse(body))).toBe(message);
  });

  it('accepts 3 and 30 character usernames', () => {
    expect(registerRequestSchema.safeParse({ ...valid, username: 'abc' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, username: 'a'.repeat(30) }).success).toBe(true);
  });

  it('requires a matching confirmation in the form', () => {
    expect(messageOf(registerFormSchema.safeParse({ ...valid, confirmPassword: '' }))).toBe(
      'Please confirm your password',
    );
    expect(messageOf(registerFormSchema.safeParse({ ...valid, confirmPassword: 'other1' }))).toBe(
      'Passwords do not match',
    );
    expect(registerFormSchema.safeParse({ ...valid, confirmPassword: 'secret1' }).success).toBe(true);
  });
});
