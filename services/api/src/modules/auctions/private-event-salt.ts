import { randomBytes } from 'node:crypto';

/**
 * The salt of a private event (a maximum bid, a nomination queue): 128 random bits, so the hash other teams read in
 * the audit cannot be matched by trying every maximum or queue (libs/domain draft.salt.ts).
 */
export function privateEventSalt(): string {
  return randomBytes(16).toString('base64url');
}
