import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@auction/contracts';
import { ConflictError, type DraftEvent } from '@auction/domain';

type EventOf<T extends DraftEvent['type']> = Extract<DraftEvent, { type: T }>;

/**
 * The event of `type` a command appended — on a retry with the same idempotency key, the first run's (ADR 0020).
 * Answers are built from it, not from the request, since a retry may carry other values. A retried key whose first
 * command was another kind (a bid, then a nomination) appended no such event: refused. Undefined for a no-op.
 */
export function appendedEvent<T extends DraftEvent['type']>(
  result: { events: readonly DraftEvent[]; alreadyProcessed: boolean },
  type: T,
): EventOf<T> | undefined {
  const event = result.events.find((candidate): candidate is EventOf<T> => candidate.type === type);
  if (!event && result.alreadyProcessed) throw new ConflictError(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return event;
}
