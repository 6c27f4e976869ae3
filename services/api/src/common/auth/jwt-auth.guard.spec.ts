import { describe, expect, it } from '@jest/globals';
import { bearerToken } from './jwt-auth.guard.js';

describe('bearerToken', () => {
  it('reads the token of a Bearer authorization header, case-insensitively', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc ')).toBe('abc');
  });

  it('answers null for anything else', () => {
    for (const header of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', ['Bearer x']]) {
      expect(bearerToken(header)).toBeNull();
    }
  });
});
