import { describe, expect, it } from '@jest/globals';
import { initialDraftState, type Auction, type DraftState } from '@auction/domain';
import { TIMER_GRACE_MS, timerFor } from './draft-timers.constants.js';

const DRAFT = '11111111-1111-4111-8111-111111111111';
const AUCTION = '22222222-2222-4222-8222-222222222222';
const DEADLINE = '2026-01-01T00:00:30.000Z';

const active = (change: Partial<DraftState> = {}): DraftState => ({
  ...initialDraftState(),
  exists: true,
  status: 'active',
  ...change,
});

const auction = (change: Partial<Auction> = {}): Auction => ({
  auctionId: AUCTION,
  playerId: '9221',
  playerName: 'Jahmyr Gibbs',
  position: 'RB',
  nflTeam: 'DET',
  projectedPoints: 300,
  nominatedBy: 't1',
  openingBid: 1,
  currentBid: 1,
  currentBidder: 't1',
  bidCount: 1,
  startedAt: '2026-01-01T00:00:00.000Z',
  deadline: DEADLINE,
  timeLimit: 30,
  pausedTimeLeftMs: null,
  auto: false,
  ...change,
});

describe('timerFor', () => {
  it('completes an open auction just after its deadline, with the deadline in the job id', () => {
    const timer = timerFor(DRAFT, active({ auction: auction() }));
    expect(timer).toEqual({
      name: 'complete-auction',
      data: { draftId: DRAFT, auctionId: AUCTION },
      jobId: `complete-${AUCTION}-${Date.parse(DEADLINE)}`,
      dueAt: Date.parse(DEADLINE) + TIMER_GRACE_MS,
    });
    expect(timer!.jobId).not.toContain(':');
  });

  it('a later deadline (a bid, a resume) is a different job', () => {
    const later = timerFor(DRAFT, active({ auction: auction({ deadline: '2026-01-01T00:00:45.000Z' }) }));
    expect(later!.jobId).not.toBe(timerFor(DRAFT, active({ auction: auction() }))!.jobId);
  });

  it('auto-nominates when the nomination clock runs and no auction is open', () => {
    const timer = timerFor(DRAFT, active({ nominationDeadline: DEADLINE }));
    expect(timer).toMatchObject({ name: 'auto-nominate', data: { draftId: DRAFT } });
  });

  it('arms nothing while paused, before the start, after completion or deletion', () => {
    expect(
      timerFor(DRAFT, active({ status: 'paused', auction: auction({ pausedTimeLeftMs: 5000 }) })),
    ).toBeNull();
    expect(timerFor(DRAFT, active({ status: 'created', nominationDeadline: DEADLINE }))).toBeNull();
    expect(timerFor(DRAFT, active({ status: 'completed' }))).toBeNull();
    expect(timerFor(DRAFT, active({ deleted: true, nominationDeadline: DEADLINE }))).toBeNull();
  });
});
