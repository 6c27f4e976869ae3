/**
 * Business constants and limits: docs/product.md §9 (Constants). This is their only definition: the zod contracts,
 * the API and the web import them from here.
 */

/** Most players a team may hold. */
export const ROSTER_MAX = 20;
/** Lowest cost of a pick and lowest opening bid, in dollars. */
export const MIN_BID = 1;
/** Seconds an auction runs when no time limit is given. */
export const AUCTION_DEFAULT_SECONDS = 30;
/** Quick-add bid buttons: +$1, +$2, +$5, +$10. */
export const BID_INCREMENTS = Object.freeze([1, 2, 5, 10] as const);

export const DRAFT_TYPES = Object.freeze(['auction'] as const);
export type DraftType = (typeof DRAFT_TYPES)[number];

export type DraftSettings = {
  teamsCount: number;
  playersPerTeam: number;
  budgetPerTeam: number;
  draftType: DraftType;
  /** Seconds an auction runs from its nomination. */
  auctionTimeLimit: number;
  /** Seconds left on the clock after each accepted bid (the clock never moves backwards). */
  bidTimeReset: number;
  /** Seconds the team on the clock has to nominate before the server nominates for it. */
  nominationTimeLimit: number;
};

/** Bounds of the three clock settings, in seconds. */
export const CLOCK_SECONDS_MIN = 2;
export const CLOCK_SECONDS_MAX = 600;

/** Filled in for every setting a new draft does not give. */
export const DEFAULT_DRAFT_SETTINGS: Readonly<DraftSettings> = Object.freeze({
  teamsCount: 12,
  playersPerTeam: 20,
  budgetPerTeam: 260,
  draftType: 'auction',
  auctionTimeLimit: AUCTION_DEFAULT_SECONDS,
  bidTimeReset: AUCTION_DEFAULT_SECONDS,
  nominationTimeLimit: AUCTION_DEFAULT_SECONDS,
});

export const TEAM_NUMBER_MIN = 1;
export const TEAM_NUMBER_MAX = 12;
export const TEAMS_COUNT_MIN = 1;
/** A draft holds at most one team per team number. */
export const TEAMS_COUNT_MAX = TEAM_NUMBER_MAX;
export const PLAYERS_PER_TEAM_MIN = 1;
export const PLAYERS_PER_TEAM_MAX = ROSTER_MAX;
/** Sanity ceiling on a team's budget (docs/product.md §3.3 (Draft and its settings)); the contract leaves it open. */
export const BUDGET_PER_TEAM_MAX = 10_000;

export const DRAFT_NAME_MAX = 100;
export const TEAM_NAME_MAX = 50;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** Letters, digits and underscores only. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** The longest address RFC 5321 lets through. */
export const EMAIL_MAX = 254;
export const CHAT_MESSAGE_MAX = 500;
/** Players a team may line up in its nomination queue (issue 13, part 2). */
export const NOMINATION_QUEUE_MAX = 50;

export const POSITIONS = Object.freeze(['QB', 'RB', 'WR', 'TE', 'K', 'DEF'] as const);
export type Position = (typeof POSITIONS)[number];

/** Remaining budget below `red` shows red, below `amber` shows amber, otherwise green. */
export const BUDGET_COLOUR_THRESHOLDS = Object.freeze({ red: 50, amber: 100 });
