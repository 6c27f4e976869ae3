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
 * The timer the draft's state needs now, if any. BullMQ ids must not contain ':'.
 *
 * A job id names the clock and the deadline it had when the job was ARMED: the job's first due time, not
 * necessarily when it fires (a bid that pushes the deadline later arms nothing; the worker moves the job to the
 * current deadline when it fires early, keeping its id). The ids stay unique because a clock's deadline only
 * moves later (a bid: max(deadline, at + reset); a resume: its own instant + the frozen time left), so a clock
 * reaches a given deadline once: the same id from two instances or from a restart's re-arm is the same instant and
 * must dedupe, and a later or earlier deadline arms under a new id. An id per clock alone (`complete-<auctionId>`)
 * would not do: adding it again while that job is active (a crashed worker's lock) or failed is a no-op, so the
 * restart's re-arm could not give the clock a live job.
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

/**
 * Which clock a timer runs for. An auction's clock is extended by bids, so it is the auction; a nomination clock
 * is never extended (every turn, resume or reopening sets a new one), so its deadline is part of it.
 */
export function clockOf(timer: {
  name: string;
  data: { draftId: string; auctionId?: string };
  jobId: string;
}): string {
  if (timer.name === COMPLETE_AUCTION_JOB) return `complete-${timer.data.auctionId}`;
  return timer.jobId;
}

/** The job a process armed last for a draft's clock, and when that job is due. */
export interface ArmedTimer {
  clock: string;
  jobId: string;
  dueAt: number;
}

export interface ArmPlan {
  /** The job to add, if any. */
  add: DraftTimerJob | null;
  /** A job armed before that the state no longer needs (best effort removal). */
  remove: string | null;
  /** What is armed for the draft afterwards. */
  next: ArmedTimer | undefined;
}

/**
 * Arm only when the clock must fire EARLIER than the job already armed for it: a new clock (nomination, auction,
 * resume after a pause), a deadline that moved earlier, or nothing armed yet in this process (a restart). A bid
 * only pushes the deadline later: the armed job then fires early, and the worker moves it to the current deadline
 * without a command. That takes the two BullMQ scripts (remove + add) off every accepted bid.
 */
export function planArm(armed: ArmedTimer | undefined, timer: DraftTimerJob | null): ArmPlan {
  if (!timer) return { add: null, remove: armed?.jobId ?? null, next: undefined };
  const next = { clock: clockOf(timer), jobId: timer.jobId, dueAt: timer.dueAt };
  if (!armed) return { add: timer, remove: null, next };
  if (armed.clock === next.clock && armed.dueAt <= timer.dueAt)
    return { add: null, remove: null, next: armed };
  return { add: timer, remove: armed.jobId === timer.jobId ? null : armed.jobId, next };
}
