export const DRAFT_STATUSES = ['created', 'active', 'paused', 'completed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/**
 * How a pick came about: sold at the end of an auction, assigned by an admin (a correction), or kept from last
 * season (a keeper, set by an admin before the start).
 */
export type PickSource = 'auction' | 'admin' | 'keeper';

/** A player bought by a team in a draft. */
export type Pick = {
  /** Stable id (a UUID chosen by the handler): pick numbers shift when an earlier pick is undone, ids never do. */
  pickId: string;
  /** 1..n without gaps, in the order of the sales; undoing a pick renumbers the later ones. */
  pickNumber: number;
  /** The player's provider id (the catalogue's `provider_id`, the `playerId` of docs/product.md §3.4 (Player)). */
  playerId: string;
  playerName: string;
  position: string;
  nflTeam: string;
  teamId: string;
  cost: number;
  source: PickSource;
  /** ISO time of the sale or assignment. */
  pickedAt: string;
};

/** A team as a draft command needs it: its id and its number (which sets the turn order). */
export type TeamSlot = { teamId: string; teamNumber: number };

/** What a nomination (or an admin assignment) needs to know about a player, read from the catalogue by the handler. */
export type DraftPlayer = {
  /** Provider id. */
  playerId: string;
  playerName: string;
  position: string;
  nflTeam: string;
  projectedPoints: number | null;
};

/** Who sends a command, as far as the rules care: admins act for any team, users only for the teams they own. */
export type DraftActor = { isAdmin: boolean; teamIds: readonly string[] };

/** `proxy` marks a bid the server placed for a team's maximum bid (ADR 0017); absent on bids a person placed. */
export type AuctionBid = { teamId: string; amount: number; at: string; proxy?: true };

/**
 * A team's private maximum for the open auction (ADR 0017): the server bids for the team, up to it, when a rival
 * bids. Never shown to other teams.
 */
export type ProxyBid = { teamId: string; maxBid: number; setAt: string };

/** The auction running in a draft (at most one at a time). Times are ISO strings; the server's clock decides. */
export type Auction = DraftPlayer & {
  auctionId: string;
  nominatedBy: string;
  /** The nominator's opening bid is the auction's first bid. */
  openingBid: number;
  currentBid: number;
  currentBidder: string;
  /**
   * Accepted bids so far, the opening bid included. The bids themselves are not kept: no decision reads them, and
   * copying a growing list on every bid made an auction O(n²) (issue 10). Live views read them from the `auctions`
   * read model (ADR 0020); the audit keeps them in its own fold.
   */
  bidCount: number;
  startedAt: string;
  /** A bid received strictly before this instant counts; at or after it the auction can be completed. */
  deadline: string;
  /** Seconds the auction ran for at nomination (`timeLimit`: docs/product.md §3.6 (Auction and the room snapshot)). */
  timeLimit: number;
  /** While the draft is paused: milliseconds that were left when it paused (the deadline is then meaningless). */
  pausedTimeLeftMs: number | null;
  auto: boolean;
};

/** The result of the last completed auction, kept for the room's "last completed auction" panel. */
export type CompletedAuction = Auction & { winnerTeamId: string; winningBid: number; completedAt: string };
