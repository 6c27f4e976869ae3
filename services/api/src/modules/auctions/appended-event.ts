import type { DraftEvent } from '@auction/domain';

type EventOf<T extends DraftEvent['type']> = Extract<DraftEvent, { type: T }>;

/**
 * The event of `type` a command appended — on a retry with the same idempotency key, the first run's (ADR 0020; keys
 * are scoped to the kind of command, so it is a command of this kind). Answers are built from it, not from the
 * request, since a retry may carry other values. Undefined for a no-op.
 */
export function appendedEvent<T extends DraftEvent['type']>(
  result: { events: readonly DraftEvent[] },
  type: T,
): EventOf<T> | undefined {
  return result.events.find((candidate): candidate is EventOf<T> => candidate.type === type);
}
