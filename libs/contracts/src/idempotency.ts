import { z } from 'zod';

/** Longest idempotency key a client may send (the `Idempotency-Key` header, a socket command's `commandId`). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
export const IDEMPOTENCY_KEY_MESSAGE = `Idempotency key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable characters`;

/**
 * A client's idempotency key (ADR 0020): printable ASCII, so it travels in a header unchanged. A retry with the same
 * key answers the first outcome and appends nothing; a uuid per user action is the usual choice.
 */
export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .regex(new RegExp(`^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`), IDEMPOTENCY_KEY_MESSAGE);

/** A retry whose first request opened an auction that has ended since: its outcome can no longer be shown as it was. */
export const IDEMPOTENT_AUCTION_ENDED_MESSAGE =
  'This request was already carried out, and its auction has ended since';

/** A retried create whose first request's draft or team has been deleted since: answered 409, not "not found". */
export const idempotentCreatedThenDeletedMessage = (what: 'draft' | 'team') =>
  `This request was already carried out, and the ${what} it created has been deleted since`;
