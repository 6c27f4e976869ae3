/**
 * A fresh idempotency key for one user action (ADR 0020): sent as `Idempotency-Key`, so a retry of the same action
 * (the same key) is answered with the first outcome instead of bidding twice. `crypto.randomUUID` exists only in
 * secure contexts (https, localhost); elsewhere a v4 uuid is built from `getRandomValues`, available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
