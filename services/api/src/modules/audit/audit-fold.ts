import {
  auctionOpenedBy,
  DEFAULT_DRAFT_SETTINGS,
  picksWithout,
  type Auction,
  type DraftEvent,
  type DraftStatus,
  type Pick,
} from '@auction/domain';

/** A bid as the audit shows it: every accepted bid of the open auction, the opening bid first. */
export interface AuditBid {
  teamId: string;
  amount: number;
  at: string;
  proxy?: true;
}

/**
 * The open auction with its bids. The write side needs only the current bid (and drops the bid list), the audit
 * shows them all, so it keeps them here, in its own fold.
 */
export type AuditAuction = Auction & { bids: AuditBid[] };

/** The settings the audit shows and the budgets need. */
export interface AuditSettings {
  teamsCount: number;
  playersPerTeam: number;
  budgetPerTeam: number;
}

/**
 * A draft as the audit sees it after some event: the subset of the write side's DraftState that a replay shows,
 * plus the open auction's bids. Field names and meanings are DraftState's (a unit test folds both and compares
 * every shared field), so the replay shows what the decider saw.
 */
export interface AuditFold {
  exists: boolean;
  deleted: boolean;
  draftId: string;
  name: string;
  status: DraftStatus;
  settings: AuditSettings;
  teamIds: readonly string[];
  teamOrder: readonly string[];
  currentRound: number;
  currentTeamTurn: string | null;
  picks: Pick[];
  auction: AuditAuction | null;
}

export function initialAuditFold(): AuditFold {
  return {
    exists: false,
    deleted: false,
    draftId: '',
    name: '',
    status: 'created',
    settings: settingsOf(DEFAULT_DRAFT_SETTINGS),
    teamIds: [],
    teamOrder: [],
    currentRound: 0,
    currentTeamTurn: null,
    picks: [],
    auction: null,
  };
}

/**
 * A copy that later `applyToFold` calls on either side cannot change: the fold mutates `picks` and `auction` (and
 * the auction's `bids`) in place, every other field it replaces. Picks and bids themselves are never mutated.
 */
export function copyFold(fold: AuditFold): AuditFold {
  const { auction } = fold;
  return {
    ...fold,
    picks: [...fold.picks],
    auction: auction && { ...auction, bids: [...auction.bids] },
  };
}

/**
 * Applies one event to `fold` IN PLACE. The write side's evolveDraft copies the state per event (it must stay
 * pure for the deciders); the audit folds thousands of events per request into a value nobody else holds, so it
 * mutates and copies only when it keeps a snapshot. Same rules as evolveDraft for every field they share.
 */
export function applyToFold(fold: AuditFold, event: DraftEvent): void {
  switch (event.type) {
    case 'DraftCreated': {
      const { draftId, name, settings } = event.data;
      fold.exists = true;
      fold.draftId = draftId;
      fold.name = name;
      fold.settings = settingsOf(settings);
      return;
    }
    case 'DraftUpdated': {
      const { name, settings } = event.data;
      if (name !== undefined) fold.name = name;
      if (settings !== undefined) fold.settings = settingsOf(settings);
      return;
    }
    case 'DraftTeamsAssigned':
      fold.teamIds = [...event.data.teamIds];
      return;
    case 'DraftStarted': {
      const { teamOrder, currentTeamTurn, currentRound, teamsCount } = event.data;
      fold.status = 'active';
      fold.teamOrder = [...teamOrder];
      fold.currentTeamTurn = currentTeamTurn;
      fold.currentRound = currentRound;
      fold.settings = { ...fold.settings, teamsCount };
      return;
    }
    case 'PlayerNominated': {
      const { data } = event;
      fold.auction = {
        ...auctionOpenedBy(data),
        bids: [{ teamId: data.nominatedBy, amount: data.openingBid, at: data.nominatedAt }],
      };
      return;
    }
    case 'BidPlaced': {
      const { auctionId, teamId, amount, at, deadline, proxy } = event.data;
      const { auction } = fold;
      if (auction?.auctionId !== auctionId) return;
      auction.currentBid = amount;
      auction.currentBidder = teamId;
      auction.bidCount += 1;
      auction.bids.push(proxy === true ? { teamId, amount, at, proxy } : { teamId, amount, at });
      auction.deadline = deadline;
      return;
    }
    case 'AuctionCompleted':
      if (fold.auction?.auctionId === event.data.auctionId) fold.auction = null;
      return;
    case 'PlayerSold':
    case 'KeeperAdded':
      fold.picks.push({ ...event.data.pick });
      return;
    case 'NominationTurnPassed':
      fold.currentTeamTurn = event.data.currentTeamTurn;
      fold.currentRound = event.data.currentRound;
      return;
    case 'PickUpdated': {
      const { pick } = event.data;
      const index = fold.picks.findIndex((p) => p.pickId === pick.pickId);
      if (index >= 0) fold.picks[index] = { ...pick };
      return;
    }
    case 'KeeperRemoved':
    case 'PickUndone':
      fold.picks = picksWithout(fold.picks, event.data.pick.pickId) ?? fold.picks;
      return;
    case 'DraftPaused':
      fold.status = 'paused';
      if (fold.auction) fold.auction.pausedTimeLeftMs = event.data.auctionTimeLeftMs ?? 0;
      return;
    case 'DraftResumed':
      fold.status = 'active';
      if (fold.auction) {
        fold.auction.deadline = event.data.auctionDeadline ?? fold.auction.deadline;
        fold.auction.pausedTimeLeftMs = null;
      }
      return;
    case 'DraftCompleted':
      fold.status = 'completed';
      fold.currentTeamTurn = null;
      fold.auction = null;
      return;
    case 'DraftReopened':
      fold.status = 'active';
      fold.currentTeamTurn = event.data.currentTeamTurn;
      fold.currentRound = event.data.currentRound;
      return;
    case 'DraftDeleted':
      fold.deleted = true;
      fold.picks = [];
      fold.auction = null;
      return;
    default:
      // Proxy bids and nomination queues are private or write-side only; unknown events leave the draft as it is.
      return;
  }
}

function settingsOf(settings: AuditSettings): AuditSettings {
  const { teamsCount, playersPerTeam, budgetPerTeam } = settings;
  return { teamsCount, playersPerTeam, budgetPerTeam };
}

/** Folds `events` onto `from` (mutated and returned; a fresh fold by default). */
export function foldEvents(events: Iterable<DraftEvent>, from: AuditFold = initialAuditFold()): AuditFold {
  for (const event of events) applyToFold(from, event);
  return from;
}
