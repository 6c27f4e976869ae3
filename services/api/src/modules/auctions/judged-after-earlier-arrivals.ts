import { ConflictError } from '@auction/domain';
import { arrivalsInFlight } from '../../common/http/arrivals-in-flight.js';

/** The decider's refusal of a bid at or after the deadline (or for an auction no longer open). */
function isEnded(error: unknown): boolean {
  return error instanceof ConflictError && error.message === 'The auction has ended';
}

/**
 * Runs a bid or a maximum bid for `draftId` received at `at`; refused as too late for the deadline decided so far, it
 * is judged once more after the draft's commands received before it are answered: one of them still in its checks (a
 * token check on a busy database) may move the deadline, and by arrival it was decided first (ADR 0006).
 */
export async function judgedAfterEarlierArrivals<T>(
  draftId: string,
  at: string,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isEnded(error)) throw error;
    await arrivalsInFlight.answeredBefore(Date.parse(at), draftId);
    return run();
  }
}
