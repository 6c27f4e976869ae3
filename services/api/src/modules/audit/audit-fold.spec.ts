import { describe, expect, it } from '@jest/globals';
import { evolveDraft, initialDraftState, type DraftEvent, type DraftState, type Pick } from '@auction/domain';
import { applyToFold, copyFold, foldEvents, initialAuditFold, type AuditFold } from './audit-fold.js';

const A = 'team-a';
const B = 'team-b';
const T = (minute: number) => `2025-09-01T19:${String(minute).padStart(2, '0')}:00.000Z`;
const settings = {
  teamsCount: 2,
  playersPerTeam: 3,
  budgetPerTeam: 50,
  draftType: 'auction' as const,
  auctionTimeLimit: 30,
  bidTimeReset: 15,
  nominationTimeLimit: 30,
};
const pick = (pickNumber: number, teamId: string, cost: number, playerId = `p${pickNumber}`): Pick => ({
  pickId: `pick-${playerId}`,
  pickNumber,
  playerId,
  playerName: `Player ${playerId}`,
  position: 'WR',
  nflTeam: 'BEN',
  teamId,
  cost,
  source: 'auction',
  pickedAt: T(pickNumber),
});
const nominated = (auctionId: string, by: string, playerId: string, minute: number): DraftEvent => ({
  type: 'PlayerNominated',
  data: {
    playerId,
    playerName: `Player ${playerId}`,
    position: 'WR',
    nflTeam: 'BEN',
    projectedPoints: 100,
    auctionId,
    nominatedBy: by,
    openingBid: 1,
    nominatedAt: T(minute),
    deadline: T(minute + 1),
    timeLimit: 30,
    auto: false,
  },
});
const bid = (
  auctionId: string,
  teamId: string,
  amount: number,
  minute: number,
  proxy = false,
): DraftEvent => ({
  type: 'BidPlaced',
  data: { auctionId, teamId, amount, at: T(minute), deadline: T(minute + 1), ...(proxy && { proxy }) },
});

/** Every event type, corrections, a pause mid-auction, a stale bid, a reopen and a delete. */
const LOG: DraftEvent[] = [
  { type: 'DraftCreated', data: { draftId: 'd1', name: 'Audit', settings, createdAt: T(0) } },
  { type: 'DraftUpdated', data: { name: 'Audit league' } },
  { type: 'DraftUpdated', data: { settings: { ...settings, budgetPerTeam: 60 } } },
  { type: 'DraftTeamsAssigned', data: { teamIds: [A, B] } },
  { type: 'KeeperAdded', data: { pick: { ...pick(1, A, 5, 'k1'), source: 'keeper' } } },
  { type: 'KeeperAdded', data: { pick: { ...pick(2, B, 6, 'k2'), source: 'keeper' } } },
  { type: 'KeeperRemoved', data: { pick: { ...pick(1, A, 5, 'k1'), source: 'keeper' }, removedAt: T(1) } },
  {
    type: 'DraftStarted',
    data: { teamOrder: [B, A], currentTeamTurn: B, currentRound: 1, startedAt: T(2), teamsCount: 2 },
  },
  { type: 'NominationQueueSet', data: { teamId: A, playerIds: ['p9'], at: T(2) } },
  nominated('a1', B, 'p2', 3),
  bid('a1', A, 2, 3),
  { type: 'ProxyBidSet', data: { auctionId: 'a1', teamId: B, maxBid: 9, at: T(3) } },
  bid('a1', B, 3, 4, true),
  bid('stale', A, 40, 4),
  { type: 'DraftPaused', data: { pausedAt: T(5), auctionTimeLeftMs: 12_000, nominationTimeLeftMs: null } },
  { type: 'DraftResumed', data: { resumedAt: T(6), auctionDeadline: T(7), nominationDeadline: null } },
  { type: 'ProxyBidRemoved', data: { auctionId: 'a1', teamId: B, at: T(6) } },
  bid('a1', A, 4, 6),
  { type: 'AuctionCompleted', data: { auctionId: 'a1', winnerTeamId: A, winningBid: 4, completedAt: T(8) } },
  { type: 'PlayerSold', data: { pick: pick(2, A, 4) } },
  { type: 'NominationTurnPassed', data: { currentTeamTurn: A, currentRound: 1, nominationDeadline: T(9) } },
  { type: 'DraftPaused', data: { pausedAt: T(9), auctionTimeLeftMs: null, nominationTimeLeftMs: 20_000 } },
  { type: 'DraftResumed', data: { resumedAt: T(10), auctionDeadline: null, nominationDeadline: T(11) } },
  nominated('a2', A, 'p3', 11),
  bid('a2', B, 7, 12),
  { type: 'AuctionCompleted', data: { auctionId: 'a2', winnerTeamId: B, winningBid: 7, completedAt: T(13) } },
  { type: 'PlayerSold', data: { pick: pick(3, B, 7) } },
  {
    type: 'PickUpdated',
    data: { pick: { ...pick(2, A, 11), source: 'admin' }, previous: pick(2, A, 4), updatedAt: T(14) },
  },
  { type: 'DraftCompleted', data: { completedAt: T(15) } },
  { type: 'PickUndone', data: { pick: pick(2, A, 11), undoneAt: T(16) } },
  {
    type: 'DraftReopened',
    data: { reopenedAt: T(16), currentTeamTurn: B, currentRound: 2, nominationDeadline: T(17) },
  },
  nominated('a3', B, 'p4', 17),
  bid('a3', A, 2, 18),
  {
    type: 'DraftDeleted',
    data: { draftId: 'd1', previousStatus: 'active', releasedPicks: [], deletedAt: T(19) },
  },
];

/** The fields the audit fold shares with DraftState, read from the write side's state. */
function sharedOf(state: DraftState): Omit<AuditFold, 'auction'> & { auction: unknown } {
  const { teamsCount, playersPerTeam, budgetPerTeam } = state.settings;
  const { auction } = state;
  return {
    exists: state.exists,
    deleted: state.deleted,
    draftId: state.draftId,
    name: state.name,
    status: state.status,
    settings: { teamsCount, playersPerTeam, budgetPerTeam },
    teamIds: state.teamIds,
    teamOrder: state.teamOrder,
    currentRound: state.currentRound,
    currentTeamTurn: state.currentTeamTurn,
    picks: state.picks,
    auction,
  };
}

function withoutBids<T extends { bids?: unknown }>(auction: T): Omit<T, 'bids'> {
  const { bids: _bids, ...rest } = auction;
  return rest;
}

describe('the audit fold', () => {
  it('equals the write-side fold on every field they share, after every event of the log', () => {
    let state = initialDraftState();
    const fold = initialAuditFold();
    for (const [index, event] of LOG.entries()) {
      state = evolveDraft(state, event);
      applyToFold(fold, event);
      const { auction, ...rest } = fold;
      expect({ at: index + 1, ...rest, auction: auction && withoutBids(auction) }).toEqual({
        at: index + 1,
        ...sharedOf(state),
      });
    }
  });

  it('keeps every accepted bid of the open auction, opening bid first, and none of a stale auction', () => {
    const upToSecondBid = LOG.slice(0, LOG.findIndex((e) => e.type === 'ProxyBidRemoved') + 2);
    expect(foldEvents(upToSecondBid).auction?.bids).toEqual([
      { teamId: B, amount: 1, at: T(3) },
      { teamId: A, amount: 2, at: T(3) },
      { teamId: B, amount: 3, at: T(4), proxy: true },
      { teamId: A, amount: 4, at: T(6) },
    ]);
    const nextAuction = LOG.slice(0, LOG.findIndex((e) => e.type === 'DraftReopened') + 3);
    expect(foldEvents(nextAuction).auction?.bids).toEqual([
      { teamId: B, amount: 1, at: T(17) },
      { teamId: A, amount: 2, at: T(18) },
    ]);
  });

  it('a copy is not changed by folding on, nor is the fold by changing the copy', () => {
    const prefix = LOG.slice(
      0,
      LOG.findIndex((e) => e.type === 'ProxyBidSet'),
    );
    const fold = foldEvents(prefix);
    const copy = copyFold(fold);
    const before = structuredClone(copy);
    foldEvents(LOG.slice(prefix.length), fold);
    expect(copy).toEqual(before);
    const again = copyFold(copy);
    applyToFold(again, bid('a1', B, 30, 5));
    applyToFold(again, { type: 'PlayerSold', data: { pick: pick(9, A, 1) } });
    expect(copy).toEqual(before);
  });

  it('leaves unknown events alone', () => {
    const fold = foldEvents(LOG.slice(0, 3));
    const before = structuredClone(fold);
    applyToFold(fold, { type: 'SomethingNew', data: {} } as unknown as DraftEvent);
    expect(fold).toEqual(before);
  });
});
