import { describe, it, expect } from '@jest/globals';
import { ConflictError, NotFoundError } from '../shared/errors.js';
import { deciderSpec } from '../__tests__/decider-spec.js';
import {
  A,
  B,
  SETTINGS,
  at,
  autoNominate,
  complete,
  nominate,
  nominated,
  pause,
  placeBid,
  play,
  resume,
  sell,
  startedEvents,
} from '../__tests__/auction.fixtures.js';
import { DELETED_AT, DRAFT_ID, draftCreated } from '../__tests__/draft.fixtures.js';
import { auctionTimeLeftMs, nominationTimeLeftMs } from './draft.clock.js';
import { draftDecider } from './draft.decider.js';
import type { DraftEvent } from './draft.events.js';

const given = deciderSpec(draftDecider);
const started = startedEvents();
const open = [...started, nominated()];
const pausedAt = (seconds: number, auctionTimeLeftMs: number | null, nominationTimeLeftMs: number | null) =>
  ({
    type: 'DraftPaused',
    data: { pausedAt: at(seconds), auctionTimeLeftMs, nominationTimeLeftMs },
  }) satisfies DraftEvent;

describe('PauseDraft and ResumeDraft', () => {
  it("freezes the open auction's time left and gives it back on resume", () => {
    const paused = given(open)
      .when(pause(15))
      .then([pausedAt(15, 20_000, null)]);
    expect(paused.status).toBe('paused');
    expect(paused.auction?.pausedTimeLeftMs).toBe(20_000);
    expect(auctionTimeLeftMs(paused, at(500))).toBe(20_000);
    const resumed = given([...open, pausedAt(15, 20_000, null)])
      .when(resume(100))
      .then([
        {
          type: 'DraftResumed',
          data: { resumedAt: at(100), auctionDeadline: at(120), nominationDeadline: null },
        },
      ]);
    expect(resumed).toMatchObject({ status: 'active', nominationDeadline: null });
    expect(resumed.auction).toMatchObject({ deadline: at(120), pausedTimeLeftMs: null });
    expect(auctionTimeLeftMs(resumed, at(110))).toBe(10_000);
  });

  it("freezes the nomination clock's time left between auctions", () => {
    const paused = given(started)
      .when(pause(5))
      .then([pausedAt(5, null, 15_000)]);
    expect(paused).toMatchObject({ nominationDeadline: null, pausedNominationTimeLeftMs: 15_000 });
    expect(nominationTimeLeftMs(paused, at(999))).toBe(15_000);
    const resumed = given([...started, pausedAt(5, null, 15_000)])
      .when(resume(50))
      .then([
        {
          type: 'DraftResumed',
          data: { resumedAt: at(50), auctionDeadline: null, nominationDeadline: at(65) },
        },
      ]);
    expect(resumed).toMatchObject({ nominationDeadline: at(65), pausedNominationTimeLeftMs: null });
    expect(nominationTimeLeftMs(resumed, at(60))).toBe(5_000);
  });

  it('keeps 0 ms for a clock that had already run out, so the timer can act right after resume', () => {
    given(open)
      .when(pause(50))
      .then([pausedAt(50, 0, null)]);
    const resumed = play(open, pause(50), resume(80));
    given(resumed)
      .when(placeBid(A, 2, 80))
      .thenThrows(ConflictError, 'The auction has ended');
    expect(play(resumed, complete(80)).at(-1)).toMatchObject({ type: 'NominationTurnPassed' });
    given(started)
      .when(pause(25))
      .then([pausedAt(25, null, 0)]);
    expect(play(started, pause(25), resume(30), autoNominate(30)).at(-1)).toMatchObject({
      type: 'PlayerNominated',
      data: { auto: true, nominatedAt: at(30) },
    });
  });

  it('refuses nominations, bids, completions and timer nominations while paused', () => {
    const pausedOpen = play(open, pause(10));
    given(pausedOpen)
      .when(placeBid(A, 2, 11))
      .thenThrows(ConflictError, 'The draft is paused');
    given(pausedOpen).when(complete(99)).thenThrows(ConflictError, 'The draft is paused');
    const pausedIdle = play(started, pause(10));
    given(pausedIdle).when(nominate()).thenThrows(ConflictError, 'The draft is paused');
    given(pausedIdle).when(autoNominate(99)).thenThrows(ConflictError, 'The draft is paused');
  });

  it('pauses only an active draft and resumes only a paused one', () => {
    given(play(started, pause(5)))
      .when(pause(6))
      .thenThrows(ConflictError, 'The draft is already paused');
    given([draftCreated()]).when(pause(5)).thenThrows(ConflictError, 'The draft has not started');
    const solo = startedEvents({ ...SETTINGS, teamsCount: 1, playersPerTeam: 1 }, [
      { teamId: B, teamNumber: 1 },
    ]);
    given(play(solo, ...sell(1, 1, 5, B)))
      .when(pause(99))
      .thenThrows(ConflictError, 'The draft is completed');
    given(started).when(resume(5)).thenThrows(ConflictError, 'The draft is not paused');
    given([draftCreated()]).when(resume(5)).thenThrows(ConflictError, 'The draft is not paused');
    const deleted: DraftEvent = {
      type: 'DraftDeleted',
      data: { draftId: DRAFT_ID, previousStatus: 'paused', releasedPicks: [], deletedAt: DELETED_AT },
    };
    given([...started, pausedAt(5, null, 15_000), deleted])
      .when(resume(6))
      .thenThrows(NotFoundError, 'Draft not found');
  });

  it('lets bids run again after resume, against the resumed deadline', () => {
    const resumed = play(open, pause(15), resume(100));
    given(resumed)
      .when(placeBid(A, 2, 119.999))
      .then([
        {
          type: 'BidPlaced',
          data: { auctionId: 'auction-1', teamId: A, amount: 2, at: at(119.999), deadline: at(129.999) },
        },
      ]);
  });
});
