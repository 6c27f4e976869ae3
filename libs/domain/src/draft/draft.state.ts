import { DEFAULT_DRAFT_SETTINGS, type DraftSettings } from '../rules/limits.js';
import type { DraftEvent, PlayerNominated } from './draft.events.js';
import type { Auction, CompletedAuction, DraftStatus, Pick, ProxyBid } from './draft.types.js';

export type DraftState = {
  /** False until `DraftCreated`; stays true after deletion (the stream exists, the draft does not). */
  exists: boolean;
  deleted: boolean;
  draftId: string;
  name: string;
  status: DraftStatus;
  settings: DraftSettings;
  teamIds: string[];
  /** Team ids by team number, set when the draft starts. */
  teamOrder: string[];
  currentRound: number;
  /** The team on the clock; null before the start and once the draft is completed (nobody nominates any more). */
  currentTeamTurn: string | null;
  /**
   * Set only while completed: the team that was on the clock when the draft completed. A correction that reopens
   * the draft passes the turn on from it, as if the draft had never stopped.
   */
  lastTeamTurn?: string;
  /**
   * Set only while completed, when a correction completed the draft while it was paused: a correction that reopens
   * it reopens it paused, so only a resume restarts its clock (as if the pause had never been interrupted).
   */
  completedWhilePaused?: true;
  picks: Pick[];
  /** The open auction, or null between auctions. */
  auction: Auction | null;
  /** The teams' maximum bids for the open auction, in the order they were set (last change last); [] between. */
  proxyBids: ProxyBid[];
  lastCompletedAuction: CompletedAuction | null;
  /** Each team's nomination queue (player ids, first first); teams without one are absent. */
  nominationQueues: Record<string, string[]>;
  /** How many auctions were opened (the next nomination is number auctionsCount + 1). */
  auctionsCount: number;
  /** When the team on the clock must have nominated; null while an auction runs, when paused or not active. */
  nominationDeadline: string | null;
  /** While paused: the nomination clock's milliseconds left when the draft paused (null if none was running). */
  pausedNominationTimeLeftMs: number | null;
  createdAt?: string;
  startedAt?: string;
  completedAt?: string;
};

export function initialDraftState(): DraftState {
  return {
    exists: false,
    deleted: false,
    draftId: '',
    name: '',
    status: 'created',
    settings: { ...DEFAULT_DRAFT_SETTINGS },
    teamIds: [],
    teamOrder: [],
    currentRound: 0,
    currentTeamTurn: null,
    picks: [],
    auction: null,
    proxyBids: [],
    lastCompletedAuction: null,
    nominationQueues: {},
    auctionsCount: 0,
    nominationDeadline: null,
    pausedNominationTimeLeftMs: null,
  };
}

/** Applies `change` to the open auction when it is the one the event names; otherwise the state stays. */
function withAuction(
  state: DraftState,
  auctionId: string,
  change: (auction: Auction) => Partial<DraftState>,
): DraftState {
  return state.auction?.auctionId === auctionId ? { ...state, ...change(state.auction) } : state;
}

/** The auction a nomination opens: the nominator holds it at the opening bid. (The audit's own fold shares it.) */
export function auctionOpenedBy(data: PlayerNominated['data']): Auction {
  return {
    playerId: data.playerId,
    playerName: data.playerName,
    position: data.position,
    nflTeam: data.nflTeam,
    projectedPoints: data.projectedPoints,
    auctionId: data.auctionId,
    nominatedBy: data.nominatedBy,
    openingBid: data.openingBid,
    currentBid: data.openingBid,
    currentBidder: data.nominatedBy,
    bidCount: 1,
    startedAt: data.nominatedAt,
    deadline: data.deadline,
    timeLimit: data.timeLimit,
    pausedTimeLeftMs: null,
    auto: data.auto,
  };
}

/**
 * The picks once `pickId` is taken out (an undone pick, a removed keeper): later picks move up one number, so pick
 * numbers stay 1..n. Undefined when no pick has that id. (The audit's own fold shares it.)
 */
export function picksWithout(picks: readonly Pick[], pickId: string): Pick[] | undefined {
  const removed = picks.find((p) => p.pickId === pickId);
  if (removed === undefined) return undefined;
  return picks
    .filter((p) => p !== removed)
    .map((p) => (p.pickNumber > removed.pickNumber ? { ...p, pickNumber: p.pickNumber - 1 } : p));
}

/**
 * Pure and total: returns a new state, never mutates `state` or `event`, and ignores unknown events. Events are in
 * the current shape: stored ones go through upcastDraftEvent first (the decider's `upcast`).
 */
export function evolveDraft(state: DraftState, event: DraftEvent): DraftState {
  switch (event.type) {
    case 'DraftCreated': {
      const { draftId, name, settings, createdAt } = event.data;
      return { ...state, exists: true, draftId, name, settings, createdAt };
    }
    case 'DraftUpdated': {
      const { name, settings } = event.data;
      return {
        ...state,
        ...(name !== undefined && { name }),
        ...(settings !== undefined && { settings }),
      };
    }
    case 'DraftTeamsAssigned':
      return { ...state, teamIds: [...event.data.teamIds] };
    case 'DraftStarted': {
      const { teamOrder, currentTeamTurn, currentRound, startedAt, teamsCount, nominationDeadline } =
        event.data;
      return {
        ...state,
        status: 'active',
        teamOrder: [...teamOrder],
        currentTeamTurn,
        currentRound,
        startedAt,
        settings: { ...state.settings, teamsCount },
        nominationDeadline: nominationDeadline ?? null,
      };
    }
    case 'PlayerNominated': {
      return {
        ...state,
        auction: auctionOpenedBy(event.data),
        proxyBids: [],
        auctionsCount: state.auctionsCount + 1,
        nominationDeadline: null,
      };
    }
    case 'BidPlaced': {
      const { auctionId, teamId, amount, deadline } = event.data;
      return withAuction(state, auctionId, (auction) => ({
        auction: {
          ...auction,
          currentBid: amount,
          currentBidder: teamId,
          bidCount: auction.bidCount + 1,
          deadline,
        },
      }));
    }
    case 'ProxyBidSet': {
      const { auctionId, teamId, maxBid, at } = event.data;
      return withAuction(state, auctionId, () => ({
        proxyBids: [...state.proxyBids.filter((p) => p.teamId !== teamId), { teamId, maxBid, setAt: at }],
      }));
    }
    case 'ProxyBidRemoved': {
      const { auctionId, teamId } = event.data;
      return withAuction(state, auctionId, () => ({
        proxyBids: state.proxyBids.filter((p) => p.teamId !== teamId),
      }));
    }
    case 'AuctionCompleted': {
      const { auctionId, winnerTeamId, winningBid, completedAt } = event.data;
      return withAuction(state, auctionId, (auction) => ({
        auction: null,
        proxyBids: [],
        lastCompletedAuction: { ...auction, winnerTeamId, winningBid, completedAt },
      }));
    }
    case 'PlayerSold':
      return { ...state, picks: [...state.picks, { ...event.data.pick }] };
    case 'NominationTurnPassed': {
      const { currentTeamTurn, currentRound, nominationDeadline } = event.data;
      // Passed while paused (after a correction): the new team's clock is frozen at its full length.
      const frozen = state.status === 'paused' ? state.settings.nominationTimeLimit * 1000 : null;
      return {
        ...state,
        currentTeamTurn,
        currentRound,
        nominationDeadline: frozen === null ? nominationDeadline : null,
        pausedNominationTimeLeftMs: frozen,
      };
    }
    case 'PickUpdated': {
      const { pick } = event.data;
      return { ...state, picks: state.picks.map((p) => (p.pickId === pick.pickId ? { ...pick } : p)) };
    }
    case 'NominationQueueSet': {
      const { teamId, playerIds } = event.data;
      return { ...state, nominationQueues: { ...state.nominationQueues, [teamId]: [...playerIds] } };
    }
    case 'KeeperAdded':
      return { ...state, picks: [...state.picks, { ...event.data.pick }] };
    case 'KeeperRemoved':
    case 'PickUndone': {
      const picks = picksWithout(state.picks, event.data.pick.pickId);
      return picks === undefined ? state : { ...state, picks };
    }
    case 'DraftPaused': {
      const { auctionTimeLeftMs, nominationTimeLeftMs } = event.data;
      return {
        ...state,
        status: 'paused',
        auction: state.auction && { ...state.auction, pausedTimeLeftMs: auctionTimeLeftMs ?? 0 },
        nominationDeadline: null,
        pausedNominationTimeLeftMs: nominationTimeLeftMs,
      };
    }
    case 'DraftResumed': {
      const { auctionDeadline, nominationDeadline } = event.data;
      const { auction } = state;
      return {
        ...state,
        status: 'active',
        auction: auction && {
          ...auction,
          deadline: auctionDeadline ?? auction.deadline,
          pausedTimeLeftMs: null,
        },
        nominationDeadline,
        pausedNominationTimeLeftMs: null,
      };
    }
    case 'DraftCompleted':
      return {
        ...state,
        status: 'completed',
        completedAt: event.data.completedAt,
        currentTeamTurn: null,
        ...(state.currentTeamTurn !== null && { lastTeamTurn: state.currentTeamTurn }),
        ...(state.status === 'paused' && { completedWhilePaused: true as const }),
        auction: null,
        proxyBids: [],
        nominationDeadline: null,
        pausedNominationTimeLeftMs: null,
      };
    case 'DraftReopened': {
      const { currentTeamTurn, currentRound, nominationDeadline } = event.data;
      const {
        completedAt: _completedAt,
        lastTeamTurn: _lastTeamTurn,
        completedWhilePaused: _completedWhilePaused,
        ...open
      } = state;
      return { ...open, status: 'active', currentTeamTurn, currentRound, nominationDeadline };
    }
    case 'DraftDeleted':
      // The picks travel in the event to the projections; the deleted draft holds none any more.
      return {
        ...state,
        deleted: true,
        picks: [],
        auction: null,
        proxyBids: [],
        nominationDeadline: null,
        pausedNominationTimeLeftMs: null,
      };
    default:
      // Streams outlive code: an event this version does not know leaves the state as it is.
      return state;
  }
}

/** Replays a stream: `events.reduce(evolve, initialState())`. */
export function foldDraft(events: readonly DraftEvent[]): DraftState {
  return events.reduce(evolveDraft, initialDraftState());
}
