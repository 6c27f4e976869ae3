import { ConflictError } from '@auction/domain';
import { arrivalsInFlight, type ArrivalTicket } from '../../common/http/arrivals-in-flight.js';
import { releaseIdempotencyKey } from '../../infrastructure/event-sourcing/idempotency-key.js';

/** The decider's refusal of a bid at or after the deadline (or for an auction no longer open). */
function isEnded(error: unknown): boolean {
  return error instanceof ConflictError && error.message === 'The auction has ended';
}

/**
 * Runs a bid or a maximum bid for `draftId` received at `at` in the order the draft's commands arrived (ADR 0006):
 * - first it waits for the draft's commands received before it that are still on their way to the draft's queue (a
 *   token check or a team lookup on a busy database): two bids of one amount went to the one whose checks ended
 *   first, not to the one received first;
 * - `run` must put the command in the draft's queue synchronously (DraftStream.run does);
 * - refused as too late for the deadline decided so far, it is judged once more after the draft's commands received
 *   before it are answered: one of them may have moved the deadline.
 */
export async function judgedAfterEarlierArrivals<T>(
  draftId: string,
  at: string,
  arrival: ArrivalTicket | undefined,
  run: () => Promise<T>,
): Promise<T> {
  const receivedAt = Date.parse(at);
  const earlierOnTheirWay = arrivalsInFlight.queuedBefore(receivedAt, draftId);
  if (earlierOnTheirWay) await earlierOnTheirWay;
  let running: Promise<T>;
  try {
    running = run();
  } finally {
    arrival?.queued(draftId);
  }
  try {
    return await running;
  } catch (error) {
    if (!isEnded(error)) throw error;
    await arrivalsInFlight.answeredBefore(receivedAt, draftId);
    // Refused, the first run appended nothing: the client's key belongs to the second, which may append.
    releaseIdempotencyKey();
    return run();
  }
}
