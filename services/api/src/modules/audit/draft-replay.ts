import type { ReplayAuction, ReplayData, ReplayPick, ReplayTeam, TeamRef } from '@auction/contracts';
import { maxBid, teamBudget, type Pick } from '@auction/domain';
import type { AuditFold } from './audit-fold.js';

export type TeamRefs = ReadonlyMap<string, TeamRef>;

/** Teams in play: once started the turn order, before that the assigned teams. */
export function teamsInPlay(state: AuditFold): readonly string[] {
  return state.teamOrder.length > 0 ? state.teamOrder : state.teamIds;
}

/** Every team id the state names, to look names up once. */
export function teamIdsNamedBy(state: AuditFold): string[] {
  const auction = state.auction;
  return [
    ...state.teamIds,
    ...state.teamOrder,
    ...(state.currentTeamTurn ? [state.currentTeamTurn] : []),
    ...state.picks.map((pick) => pick.teamId),
    ...(auction
      ? [auction.nominatedBy, auction.currentBidder, ...auction.bids.map((bid) => bid.teamId)]
      : []),
  ];
}

/** A team that vanished from the read model still needs a label. */
export function teamRefOf(refs: TeamRefs, teamId: string): TeamRef {
  return refs.get(teamId) ?? { _id: teamId, name: 'Unknown team', teamNumber: 0 };
}

export interface ReplayPoint {
  draftId: string;
  at: number;
  lastVersion: number;
  event: { type: string; globalPosition: string; recordedAt: Date };
}

export function toReplayData(state: AuditFold, refs: TeamRefs, point: ReplayPoint): ReplayData {
  const picks = [...state.picks].sort((a, b) => a.pickNumber - b.pickNumber);
  return {
    draftId: point.draftId,
    at: point.at,
    lastVersion: point.lastVersion,
    event: {
      type: point.event.type,
      globalPosition: point.event.globalPosition,
      recordedAt: point.event.recordedAt.toISOString(),
    },
    name: state.name,
    status: state.status,
    deleted: state.deleted,
    currentRound: state.currentRound,
    currentTeamTurn: state.currentTeamTurn ? teamRefOf(refs, state.currentTeamTurn) : null,
    settings: {
      teamsCount: state.settings.teamsCount,
      playersPerTeam: state.settings.playersPerTeam,
      budgetPerTeam: state.settings.budgetPerTeam,
    },
    auction: toReplayAuction(state, refs),
    teams: teamsInPlay(state).map((teamId) => toReplayTeam(state, refs, teamId, picks)),
    picks: picks.map((pick) => toReplayPick(refs, pick)),
  };
}

function toReplayTeam(state: AuditFold, refs: TeamRefs, teamId: string, picks: readonly Pick[]): ReplayTeam {
  const { budgetPerTeam, playersPerTeam } = state.settings;
  const budget = teamBudget(state.picks, teamId, budgetPerTeam, playersPerTeam);
  return {
    team: teamRefOf(refs, teamId),
    budget: { total: budget.total, spent: budget.spent, remaining: budget.remaining, maxBid: maxBid(budget) },
    slots: {
      total: state.settings.playersPerTeam,
      filled: budget.playerCount,
      open: budget.slotsRemaining,
    },
    roster: picks.filter((pick) => pick.teamId === teamId).map(toRosterEntry),
  };
}

function toRosterEntry(pick: Pick): ReplayTeam['roster'][number] {
  return {
    pickId: pick.pickId,
    pickNumber: pick.pickNumber,
    playerId: pick.playerId,
    playerName: pick.playerName,
    position: pick.position,
    nflTeam: pick.nflTeam,
    cost: pick.cost,
  };
}

function toReplayPick(refs: TeamRefs, pick: Pick): ReplayPick {
  return {
    ...toRosterEntry(pick),
    team: teamRefOf(refs, pick.teamId),
    source: pick.source,
    pickedAt: pick.pickedAt,
  };
}

function toReplayAuction(state: AuditFold, refs: TeamRefs): ReplayAuction | null {
  const auction = state.auction;
  if (!auction) return null;
  return {
    auctionId: auction.auctionId,
    playerId: auction.playerId,
    playerName: auction.playerName,
    position: auction.position,
    nflTeam: auction.nflTeam,
    openingBid: auction.openingBid,
    currentBid: auction.currentBid,
    currentBidder: teamRefOf(refs, auction.currentBidder),
    nominatedBy: teamRefOf(refs, auction.nominatedBy),
    bids: auction.bids.map((bid) => ({ team: teamRefOf(refs, bid.teamId), amount: bid.amount, at: bid.at })),
    startedAt: auction.startedAt,
    deadline: auction.deadline,
    pausedTimeLeftMs: auction.pausedTimeLeftMs,
    auto: auction.auto,
  };
}
