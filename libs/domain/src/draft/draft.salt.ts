// A private event's salt (ProxyBidSet, NominationQueueSet): random text the caller draws, since the decider draws
// nothing at random. It is hidden with the private value, so the event's hash cannot be recomputed from guesses.
import { ValidationError } from '../shared/errors.js';

/** The salt as the event's `salt` member, or nothing without one (tests, commands written before salts). */
export function saltOf(salt: unknown): { salt: string } | Record<string, never> {
  if (salt === undefined) return {};
  if (typeof salt !== 'string' || salt.length < 16) throw new ValidationError('A salt must be random text');
  return { salt };
}
