import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * A password is hashed in Unicode NFKC (NIST SP 800-63B §5.1.1.2), so the same password typed on another device or
 * keyboard is the same password: é precomposed (NFC) or as e + a combining accent (NFD, as some systems send it),
 * full-width letters from an input method. Passwords of 6–128 characters are checked before, on what was typed.
 */
const normalised = (password: string): string => password.normalize('NFKC');

/** argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): the OWASP-recommended password hash. */
@Injectable()
export class PasswordHasher {
  // Verified when an email is unknown, so a login takes the same time whether or not the account exists.
  private dummyHash: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argon2.hash(normalised(password), { type: argon2.argon2id });
  }

  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    const candidate = normalised(password);
    if (!hash) {
      // As many verifications as a wrong password on an account (below), or the time would tell it exists.
      this.dummyHash ??= this.hash('not-a-real-password');
      const dummy = await this.dummyHash;
      await matches(dummy, candidate);
      if (candidate !== password) await matches(dummy, password);
      return false;
    }
    if (await matches(hash, candidate)) return true;
    // A hash made before passwords were normalised is of the password as typed (only differs for non-NFKC text).
    return candidate !== password && (await matches(hash, password));
  }
}

async function matches(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
