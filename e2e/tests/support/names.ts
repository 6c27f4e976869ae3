// The e2e database lives for a whole run and tests share it, so anything a test creates gets a name of its own.
import { randomBytes } from 'node:crypto';

/** `prefix-<8 lowercase letters/digits>`, e.g. `league-k3x9q2ab`. Short enough for name fields. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${uniqueSuffix()}`;
}

/** A unique, valid address on the reserved example.com domain. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${uniqueSuffix()}@example.com`;
}

function uniqueSuffix(): string {
  const time = Date.now().toString(36).slice(-4);
  const random = randomBytes(3).readUIntBE(0, 3).toString(36).padStart(4, '0').slice(-4);
  return `${time}${random}`;
}

/** A unique username: letters, digits and underscores only (the app's username rule), at most 30 characters. */
export function uniqueUsername(prefix = 'user'): string {
  return `${prefix}_${uniqueSuffix()}`;
}
