import { describe, expect, it } from '@jest/globals';
import { initialDraftState, type Auction, type DraftState } from '@auction/domain';
import {
  TIMER_GRACE_MS,
  clockOf,
  planArm,
  timerFor,
  type ArmedTimer,
  type DraftTimerJob,
} from './draft-timers.constants.js';

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

  it('a later deadline (a resume, a restart after bids) is a different job id', () => {
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

describe('planArm: a clock is armed only when it must fire earlier than the job armed for it', () => {
  const OTHER_AUCTION = '33333333-3333-4333-8333-333333333333';
  const at = (deadline: string, change: Partial<Auction> = {}) =>
    timerFor(DRAFT, active({ auction: auction({ deadline, ...change }) }))!;
  const armedFor = (timer: DraftTimerJob): ArmedTimer => ({
    clock: clockOf(timer),
    jobId: timer.jobId,
    dueAt: timer.dueAt,
  });
  const first = at(DEADLINE);

  it('arms when this process armed nothing yet for the draft (a new auction, a restart)', () => {
    expect(planArm(undefined, first)).toEqual({ add: first, remove: null, next: armedFor(first) });
  });

  it('a bid that pushes the deadline later adds nothing and keeps the earlier job as the armed one', () => {
    const later = at('2026-01-01T00:00:45.000Z');
    expect(planArm(armedFor(first), later)).toEqual({ add: null, remove: null, next: armedFor(first) });
  });

  it('the same deadline again (a second instance, a re-read) adds nothing', () => {
    expect(planArm(armedFor(first), at(DEADLINE)).add).toBeNull();
  });

  it('a deadline earlier than the armed job arms it and drops the later job', () => {
    const earlier = at('2026-01-01T00:00:20.000Z');
    expect(planArm(armedFor(first), earlier)).toEqual({
      add: earlier,
      remove: first.jobId,
      next: armedFor(earlier),
    });
  });

  it('a new auction is a new clock: armed even when due later, the last auction’s job dropped', () => {
    const next = at('2026-01-01T00:01:30.000Z', { auctionId: OTHER_AUCTION });
    expect(planArm(armedFor(first), next)).toEqual({ add: next, remove: first.jobId, next: armedFor(next) });
  });

  it('every nomination deadline is a clock of its own (nothing extends one): each is armed', () => {
    const turn = timerFor(DRAFT, active({ nominationDeadline: DEADLINE }))!;
    const nextTurn = timerFor(DRAFT, active({ nominationDeadline: '2026-01-01T00:05:00.000Z' }))!;
    expect(planArm(armedFor(first), turn).add).toBe(turn);
    expect(planArm(armedFor(turn), nextTurn)).toMatchObject({ add: nextTurn, remove: turn.jobId });
    expect(planArm(armedFor(turn), turn).add).toBeNull();
  });

  it('no clock (a pause, the end of the draft) drops the armed job and forgets it, so the resume arms again', () => {
    const paused = timerFor(DRAFT, active({ auction: auction({ pausedTimeLeftMs: 5000 }) }));
    expect(planArm(armedFor(first), paused)).toEqual({ add: null, remove: first.jobId, next: undefined });
    const resumed = at('2026-01-01T00:02:00.000Z');
    expect(planArm(undefined, resumed).add).toBe(resumed);
  });

  it('a long bidding war adds one job: only the nomination of the auction arms it', () => {
    let armed: ArmedTimer | undefined;
    let added = 0;
    for (let bid = 0; bid < 200; bid += 1) {
      const deadline = new Date(Date.parse(DEADLINE) + bid * 500).toISOString();
      const plan = planArm(armed, at(deadline, { bidCount: bid + 1 }));
      if (plan.add) added += 1;
      armed = plan.next;
    }
    expect(added).toBe(1);
    expect(armed).toEqual(armedFor(first));
  });
});
