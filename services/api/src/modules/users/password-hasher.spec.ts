import { afterEach, describe, expect, it, jest } from '@jest/globals';
import argon2 from 'argon2';
import { PasswordHasher } from './password-hasher.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('takes a password typed in another Unicode form as the same password (NFKC)', async () => {
    const precomposed = await hasher.hash('caf\u00e9-123'); // é as one code point (NFC)
    expect(await hasher.verify(precomposed, 'cafe\u0301-123')).toBe(true); // e + combining accent (NFD)
    const fullWidth = await hasher.hash('\uff50\uff41\uff53\uff53\uff57\uff4f\uff52\uff44');
    expect(await hasher.verify(fullWidth, 'password')).toBe(true);
    expect(await hasher.verify(precomposed, 'cafe-123')).toBe(false);
  });

  it('still accepts a password hashed as typed before normalisation, and only that one', async () => {
    const legacy = await argon2.hash('cafe\u0301-123', { type: argon2.argon2id });
    expect(await hasher.verify(legacy, 'cafe\u0301-123')).toBe(true);
    expect(await hasher.verify(legacy, 'wrong-one')).toBe(false);
    expect(await hasher.verify(undefined, 'cafe\u0301-123')).toBe(false);
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('checks an unknown account as many times as a wrong password, so the time does not tell it exists', async () => {
    const stored = await hasher.hash('right-one');
    const verify = jest.spyOn(argon2, 'verify');
    for (const password of ['wrong-one', 'wr\uff4fng-one']) {
      verify.mockClear();
      await hasher.verify(stored, password);
      const onAccount = verify.mock.calls.length;
      verify.mockClear();
      await hasher.verify(undefined, password);
      expect(verify.mock.calls.length).toBe(onAccount);
    }
  });
});
