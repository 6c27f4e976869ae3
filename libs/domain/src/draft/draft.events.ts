import type { Event } from '../shared/decider.js';
import type { DraftSettings } from '../rules/limits.js';
import type { AuctionBid, DraftPlayer, DraftStatus, Pick } from './draft.types.js';

export type DraftCreated = Event<
  'DraftCreated',
  { draftId: string; name: string; settings: DraftSettings; createdAt: string }
>;

/** Carries only what changed; `settings` is then the whole new settings object. */
export type DraftUpdated = Event<'DraftUpdated', { name?: string; settings?: DraftSettings }>;

/** The full new set of teams, ordered by team number. */
export type DraftTeamsAssigned = Event<'DraftTeamsAssigned', { teamIds: string[] }>;

export type DraftStarted = Event<
  'DraftStarted',
  {
    /** Team ids by team number, ascending: the nomination order. */
    teamOrder: string[];
    currentTeamTurn: string;
    currentRound: number;
    startedAt: string;
    /** How many teams actually play; replaces `settings.teamsCount`. */
    teamsCount: number;
    /** When the first team's nomination clock runs out (absent in drafts started before nomination clocks). */
    nominationDeadline?: string;
  }
>;

/** An auction opens: the nominator's opening bid is its first bid. */
export type PlayerNominated = Event<
  'PlayerNominated',
  DraftPlayer & {
    auctionId: string;
    nominatedBy: string;
    openingBid: number;
    nominatedAt: string;
    deadline: string;
    /** Seconds, the auction time limit in force. */
    timeLimit: number;
    /** True when the nomination clock ran out and the server nominated for the team. */
    auto: boolean;
  }
>;

/**
 * An accepted bid; it moves the deadline to `deadline` (never earlier than it was). `proxy: true` when the server
 * placed it for a team's maximum bid, in the same append as the bid or maximum it answers (ADR 0017).
 */
export type BidPlaced = Event<'BidPlaced', AuctionBid & { auctionId: string; deadline: string }>;

/**
 * A team's private maximum for the open auction, set or changed. Private: never sent to other teams. `salt` is random
 * text kept private with the maximum (events written before it have none): the event's hash covers it, so the hash an
 * audit shows other teams cannot be matched against guessed maxima, a list of at most 10,000.
 */
export type ProxyBidSet = Event<
  'ProxyBidSet',
  { auctionId: string; teamId: string; maxBid: number; at: string; salt?: string }
>;

/** A team's maximum taken away (its bids stand). */
export type ProxyBidRemoved = Event<'ProxyBidRemoved', { auctionId: string; teamId: string; at: string }>;

/** The deadline passed: the high bidder wins. Always followed by `PlayerSold` for the same pick. */
export type AuctionCompleted = Event<
  'AuctionCompleted',
  { auctionId: string; winnerTeamId: string; winningBid: number; completedAt: string }
>;

/** A pick is added with the next pick number (from an auction or an admin assignment). */
export type PlayerSold = Event<'PlayerSold', { pick: Pick }>;

/**
 * The next team to nominate (teams that cannot buy any more are skipped). `nominationDeadline` is null when the
 * turn passes while the draft is paused (after a correction): the team's full nomination time starts on resume.
 */
export type NominationTurnPassed = Event<
  'NominationTurnPassed',
  { currentTeamTurn: string; currentRound: number; nominationDeadline: string | null }
>;

/** Admin correction of a pick: `pick` is the whole pick after the change, `previous` before it. */
export type PickUpdated = Event<'PickUpdated', { pick: Pick; previous: Pick; updatedAt: string }>;

/** Admin correction: the pick is taken back; picks after it move up one number. */
export type PickUndone = Event<'PickUndone', { pick: Pick; undoneAt: string }>;

/** Timers freeze: the open auction's and the nomination clock's time left are kept. */
export type DraftPaused = Event<
  'DraftPaused',
  { pausedAt: string; auctionTimeLeftMs: number | null; nominationTimeLeftMs: number | null }
>;

/** Timers run again from where they stopped. */
export type DraftResumed = Event<
  'DraftResumed',
  { resumedAt: string; auctionDeadline: string | null; nominationDeadline: string | null }
>;

/** Every roster is full or no team can buy any more. */
export type DraftCompleted = Event<'DraftCompleted', { completedAt: string }>;

/** An undo freed a roster slot in a completed draft: it is active again, with this team on the clock. */
export type DraftReopened = Event<
  'DraftReopened',
  { reopenedAt: string; currentTeamTurn: string; currentRound: number; nominationDeadline: string }
>;

/**
 * `releasedPicks` are all the picks the draft held, so projections can undraft the players and reset
 * the teams' rosters and budgets without reading anything else.
 */
export type DraftDeleted = Event<
  'DraftDeleted',
  { draftId: string; previousStatus: DraftStatus; releasedPicks: Pick[]; deletedAt: string }
>;

/** A team's whole nomination queue, in order. Private to the team: never sent to other teams; `salt` as ProxyBidSet's. */
export type NominationQueueSet = Event<
  'NominationQueueSet',
  { teamId: string; playerIds: string[]; at: string; salt?: string }
>;

/** Before the start: a keeper pick (source `keeper`) takes the next pick number, like a sale. */
export type KeeperAdded = Event<'KeeperAdded', { pick: Pick }>;

/** Before the start: the keeper pick is taken back; picks after it move up one number. */
export type KeeperRemoved = Event<'KeeperRemoved', { pick: Pick; removedAt: string }>;

export type DraftEvent =
  | DraftCreated
  | DraftUpdated
  | DraftTeamsAssigned
  | DraftStarted
  | PlayerNominated
  | BidPlaced
  | ProxyBidSet
  | ProxyBidRemoved
  | AuctionCompleted
  | PlayerSold
  | NominationTurnPassed
  | PickUpdated
  | PickUndone
  | DraftPaused
  | DraftResumed
  | DraftCompleted
  | DraftReopened
  | DraftDeleted
  | NominationQueueSet
  | KeeperAdded
  | KeeperRemoved;

// A record, so the compiler fails when an event type is added to the union but not listed here.
const draftEventTypeSet: Record<DraftEvent['type'], true> = {
  DraftCreated: true,
  DraftUpdated: true,
  DraftTeamsAssigned: true,
  DraftStarted: true,
  PlayerNominated: true,
  BidPlaced: true,
  ProxyBidSet: true,
  ProxyBidRemoved: true,
  AuctionCompleted: true,
  PlayerSold: true,
  NominationTurnPassed: true,
  PickUpdated: true,
  PickUndone: true,
  DraftPaused: true,
  DraftResumed: true,
  DraftCompleted: true,
  DraftReopened: true,
  DraftDeleted: true,
  NominationQueueSet: true,
  KeeperAdded: true,
  KeeperRemoved: true,
};

export const DRAFT_EVENT_TYPES = Object.freeze(Object.keys(draftEventTypeSet) as DraftEvent['type'][]);

/** Whether a stored `{ type, data }` record is one of the draft stream's events. */
export function isDraftEvent(event: { type: string }): event is DraftEvent {
  return Object.hasOwn(draftEventTypeSet, event.type);
}
