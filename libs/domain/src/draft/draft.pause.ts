import { ConflictError } from '../shared/errors.js';
import type { PauseDraft, ResumeDraft } from './draft.commands.js';
import { requireTime, toIso } from './draft.clock.js';
import type { DraftEvent } from './draft.events.js';
import { assertDraftExists } from './draft.guards.js';
import type { DraftState } from './draft.state.js';

const leftUntil = (deadline: string, now: number): number => Math.max(0, Date.parse(deadline) - now);

/** Freezes both clocks: what the open auction and the team on the clock had left is kept until resume. */
export function pauseDraft({ data }: PauseDraft, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const now = requireTime(data.at);
  if (state.status === 'paused') throw new ConflictError('The draft is already paused');
  if (state.status === 'created') throw new ConflictError('The draft has not started');
  if (state.status === 'completed') throw new ConflictError('The draft is completed');
  const { auction, nominationDeadline } = state;
  return [
    {
      type: 'DraftPaused',
      data: {
        pausedAt: data.at,
        auctionTimeLeftMs: auction === null ? null : leftUntil(auction.deadline, now),
        nominationTimeLeftMs: nominationDeadline === null ? null : leftUntil(nominationDeadline, now),
      },
    },
  ];
}

/** The clocks run again from where they stopped: new deadlines are `at` plus the frozen time left. */
export function resumeDraft({ data }: ResumeDraft, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const now = requireTime(data.at);
  if (state.status !== 'paused') throw new ConflictError('The draft is not paused');
  const { auction, pausedNominationTimeLeftMs } = state;
  return [
    {
      type: 'DraftResumed',
      data: {
        resumedAt: data.at,
        auctionDeadline: auction === null ? null : toIso(now + (auction.pausedTimeLeftMs ?? 0)),
        nominationDeadline:
          pausedNominationTimeLeftMs === null ? null : toIso(now + pausedNominationTimeLeftMs),
      },
    },
  ];
}
