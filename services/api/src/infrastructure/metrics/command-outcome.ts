import { mapException } from '../../common/http/exception-mapping.js';

/** The HTTP status a refusal maps to (the one exception mapping) named as the domain names its error kinds. */
const REJECTION_BY_STATUS: Record<number, string> = {
  400: 'rejected_validation',
  401: 'rejected_unauthenticated',
  403: 'rejected_forbidden',
  404: 'rejected_not_found',
  409: 'rejected_conflict',
  413: 'rejected_validation',
  429: 'rejected_rate_limited',
};

/**
 * `accepted`, `rejected_<kind>` for an expected refusal (a DomainError's kind: validation, not_found, conflict,
 * forbidden; or the same kinds of Nest exceptions and unique-index violations), `error` for anything unexpected.
 */
export function commandOutcome(error?: unknown): string {
  if (error === undefined) return 'accepted';
  const mapped = mapException(error);
  if (mapped.unexpected) return 'error';
  return REJECTION_BY_STATUS[mapped.status] ?? 'rejected_other';
}

/** `PlaceBidCommand` → `PlaceBid`: the class name, a bounded label. */
export function commandTypeOf(command: object): string {
  const name = (Object.getPrototypeOf(command) as { constructor?: { name?: string } } | null)?.constructor
    ?.name;
  return name ? name.replace(/Command$/, '') || name : 'unknown';
}
