import type { DraftState } from '@auction/domain';

export const DRAFT_TIMERS_QUEUE = 'draft-timers';
export const COMPLETE_AUCTION_JOB = 'complete-auction';
export const AUTO_NOMINATE_JOB = 'auto-nominate';

/**
 * A timer fires this long after its deadline, so a bid received just before the deadline on another instance has
 * reached the stream first. The decider judges by each command's `at`, so the grace never lets a late bid in.
 */
export const TIMER_GRACE_MS = 150;

export type DraftTimerJob =
  | {
      name: typeof COMPLETE_AUCTION_JOB;
      data: { draftId: string; auctionId: string };
      jobId: string;
      dueAt: number;
    }
  | { name: typeof AUTO_NOMINATE_JOB; data: { draftId: string }; jobId: string; dueAt: number };

/**
 * The timer the draft's state needs now, if any. Job ids name the deadline, so a bid (a later deadline) or a
 * resume adds a new job, and re-arming the same deadline (start-up, a second instance) adds nothing. BullMQ ids
 * must not contain ':'.
 */
export function timerFor(draftId: string, state: DraftState): DraftTimerJob | null {
  if (!state.exists || state.deleted || state.status !== 'active') return null;
  const { auction } = state;
  if (auction) {
    if (auction.pausedTimeLeftMs !== null) return null;
    const deadline = Date.parse(auction.deadline);
    return {
      name: COMPLETE_AUCTION_JOB,
      data: { draftId, auctionId: auction.auctionId },
      jobId: `complete-${auction.auctionId}-${deadline}`,
      dueAt: deadline + TIMER_GRACE_MS,
    };
  }
  if (state.nominationDeadline === null) return null;
  const deadline = Date.parse(state.nominationDeadline);
  return {
    name: AUTO_NOMINATE_JOB,
    data: { draftId },
    jobId: `nominate-${draftId}-${deadline}`,
    dueAt: deadline + TIMER_GRACE_MS,
  };
}
