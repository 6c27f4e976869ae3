import type { Auction, DraftAuctionData, RosterPlayer, Team } from '@auction/contracts';
import { nextId } from '../../../test/fixtures.js';

export function rosterOf(count: number): RosterPlayer[] {
  return Array.from({ length: count }, (_, index) => ({
    playerId: `p${index}`,
    playerName: `Player ${index}`,
    position: 'WR',
    team: 'KC',
    cost: 1,
    pickNumber: index + 1,
  }));
}

const ref = (team: Pick<Team, '_id' | 'name' | 'teamNumber'>) => ({
  _id: team._id,
  name: team.name,
  teamNumber: team.teamNumber,
});

/** An active auction of `currentBid` by `bidder`, closing `msLeft` after `serverNow`. */
export function makeAuction({
  currentBid = 1,
  bidder,
  nominatedBy = bidder,
  draftId = nextId(),
  serverNow = Date.now(),
  msLeft = 25_000,
  bids,
  playerName = 'Jahmyr Gibbs',
  _id = nextId(),
  status = 'active',
}: {
  currentBid?: number;
  bidder: Pick<Team, '_id' | 'name' | 'teamNumber'>;
  nominatedBy?: Pick<Team, '_id' | 'name' | 'teamNumber'>;
  draftId?: string;
  serverNow?: number;
  msLeft?: number;
  bids?: Auction['bids'];
  playerName?: string;
  _id?: string;
  status?: Auction['status'];
}): Auction {
  const at = new Date(serverNow).toISOString();
  const shownBids = bids ?? [
    {
      team: ref(bidder),
      teamName: bidder.name,
      teamNumber: bidder.teamNumber,
      amount: currentBid,
      at,
      proxy: false,
    },
  ];
  return {
    _id,
    draftId,
    status,
    playerId: '9509',
    playerName,
    position: 'RB',
    nflTeam: 'DET',
    projectedPoints: 300,
    openingBid: 1,
    currentBid,
    currentBidder: ref(bidder),
    nominatedBy: ref(nominatedBy),
    bids: shownBids,
    bidCount: shownBids.length,
    timeLeft: Math.ceil(msLeft / 1000),
    timeLimit: 30,
    startedAt: at,
    deadline: status === 'paused' ? null : new Date(serverNow + msLeft).toISOString(),
    timeLeftMs: msLeft,
    serverTime: at,
    autoNominated: false,
    winner: null,
    winningBid: null,
    completedAt: null,
  };
}

export function auctionData(overrides: Partial<DraftAuctionData> = {}): DraftAuctionData {
  return {
    auction: null,
    lastCompletedAuction: null,
    draftStatus: 'active',
    currentTeamTurn: null,
    nominationDeadline: null,
    nominationTimeLeftMs: null,
    serverTime: new Date().toISOString(),
    version: 1,
    ...overrides,
  };
}
