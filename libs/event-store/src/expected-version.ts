import type { ExpectedVersion } from './event-store.types.js';

/** The three ways an append claims its versions in es_streams. */
export type VersionClaim = { kind: 'new_stream' } | { kind: 'any' } | { kind: 'exact'; version: number };

/** Normalises an ExpectedVersion (0 is the same as 'no_stream') and rejects nonsense early. */
export function toVersionClaim(expected: ExpectedVersion): VersionClaim {
  if (expected === 'any') return { kind: 'any' };
  if (expected === 'no_stream' || expected === 0) return { kind: 'new_stream' };
  if (typeof expected === 'number' && Number.isSafeInteger(expected) && expected > 0) {
    return { kind: 'exact', version: expected };
  }
  throw new TypeError(
    `expectedVersion must be a non-negative integer, 'no_stream' or 'any', got ${JSON.stringify(expected)}`,
  );
}

/** True when a stream at `actual` satisfies the expectation (used when nothing is appended). */
export function versionMatches(claim: VersionClaim, actual: number): boolean {
  if (claim.kind === 'any') return true;
  if (claim.kind === 'new_stream') return actual === 0;
  return claim.version === actual;
}
