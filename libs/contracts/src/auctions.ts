import { CHAT_MESSAGE_MAX, POSITIONS } from '@auction/domain';
import { z } from 'zod';
import { idSchema, requiredIdSchema } from './ids.js';
import { wholeNumberQuerySchema } from './query-numbers.js';
import { dollarAmountSchema } from './money.js';
import { draftStatusSchema, teamRefSchema } from './drafts.js';
import { playerProviderIdSchema } from './players.js';
import { requiredTextSchema } from './text.js';

/*
 * The live auction (docs/product.md §3.6 (Auction and the room snapshot), §4.4 (Live auction) and §7.6 (Auctions and
 * picks)). Amounts are whole dollars. Every live event carries `position` (the event's global log position, a decimal
 * string; null for events that are not in the log, such as chat and typing) and `serverTime` (ISO), so clients can
 * order, dedupe and correct their clock.
 */

const dollars = dollarAmountSchema;

/** A bid, over REST (POST /auctions/{id}/bid) and over the socket (bidOnPlayer). */
export const bidAmountSchema = dollars('Bid amount');

/** A team as the auction names it: `{name, teamNumber, _id}` (docs/product.md §3.6 (Auction and the room snapshot)). */
export const auctionTeamSchema = z.object({ _id: idSchema, name: z.string(), teamNumber: z.number().int() });
export type AuctionTeam = z.infer<typeof auctionTeamSchema>;

export const auctionBidSchema = z.object({
  team: auctionTeamSchema,
  /** Same as team.name and team.teamNumber (read flat: docs/product.md §3.6 (Auction and the room snapshot)). */
  teamName: z.string(),
  teamNumber: z.number().int(),
  amount: z.number().int(),
  at: z.string(),
  /** True when the server placed the bid for the team's maximum bid (a proxy bid, ADR 0017); absent: false. */
  proxy: z.boolean().default(false),
});
export type AuctionBid = z.infer<typeof auctionBidSchema>;

/**
 * How many of an auction's latest bids its wire shape carries: what the room's bid history shows (the last 5). Each
 * bid's live event carries them to every client of the room, so each one more is ~170 bytes × 12 clients per bid;
 * 20 made the `bidPlaced` payload ~4 KB, most of what the clients parse on draft night (docs/benchmarks.md).
 */
export const AUCTION_RECENT_BIDS = 5;

export const AUCTION_STATUSES = ['active', 'paused', 'completed'] as const;

export const auctionSchema = z.object({
  _id: idSchema,
  draftId: idSchema,
  status: z.enum(AUCTION_STATUSES),
  /** Provider id. */
  playerId: z.string(),
  playerName: z.string(),
  position: z.string(),
  nflTeam: z.string(),
  projectedPoints: z.number().nullable(),
  openingBid: z.number().int(),
  currentBid: z.number().int(),
  currentBidder: auctionTeamSchema,
  nominatedBy: auctionTeamSchema,
  /**
   * The most recent accepted bids (at most AUCTION_RECENT_BIDS), newest first. Capped so a bid's live event stays
   * the same size however long the bidding goes; the whole history is in the draft's event log (audit, replay).
   */
  bids: z.array(auctionBidSchema),
  /** How many bids were accepted in this auction, the opening bid included. */
  bidCount: z.number().int(),
  /** Whole seconds left by the server's clock when this answer was made (0 once the deadline passed). */
  timeLeft: z.number().int(),
  /** Seconds the auction ran for at nomination. */
  timeLimit: z.number().int(),
  startedAt: z.string(),
  /** ISO instant; a bid received before it counts. Null while paused. */
  deadline: z.string().nullable(),
  /** Milliseconds left, precise (timeLeft is rounded up to seconds). */
  timeLeftMs: z.number().int(),
  serverTime: z.string(),
  autoNominated: z.boolean(),
  /** Set once completed. */
  winner: auctionTeamSchema.nullable(),
  winningBid: z.number().int().nullable(),
  completedAt: z.string().nullable(),
});
export type Auction = z.infer<typeof auctionSchema>;

/** GET /auctions/draft/{draftId}: the open auction (null between auctions) and the room's clocks. */
export const draftAuctionDataSchema = z.object({
  auction: auctionSchema.nullable(),
  lastCompletedAuction: auctionSchema.nullable(),
  draftStatus: draftStatusSchema,
  currentTeamTurn: teamRefSchema.nullable(),
  /** When the team on the clock must nominate by (null while an auction runs or the draft is not active). */
  nominationDeadline: z.string().nullable(),
  nominationTimeLeftMs: z.number().int().nullable(),
  serverTime: z.string(),
  /**
   * The draft stream version the snapshot reflects: a live event with a higher version is newer than it (replay it
   * on a snapshot that arrives late), one with a version up to this is already in it. No clocks compared.
   */
  version: z.number().int().nonnegative(),
});
export type DraftAuctionData = z.infer<typeof draftAuctionDataSchema>;
export const auctionDataSchema = z.object({ auction: auctionSchema });
export type AuctionData = z.infer<typeof auctionDataSchema>;
/** POST /auctions/{id}/complete: the completed auction (null once a later auction has completed too). */
export const completeAuctionDataSchema = z.object({ auction: auctionSchema.nullable() });
export type CompleteAuctionData = z.infer<typeof completeAuctionDataSchema>;

export const nominateRequestSchema = z.object({
  draftId: requiredIdSchema('Draft'),
  /** Provider id of the player (as in POST /players/assign). */
  playerId: playerProviderIdSchema,
  /** Defaults to the team on the clock that the user owns; admins may nominate for the team on the clock. */
  teamId: idSchema.optional(),
  /** Optional: absent or null opens at $1 (null is "not given" here, as a missing required field's null is missing). */
  openingBid: dollars('Opening bid')
    .nullish()
    .transform((amount) => amount ?? undefined),
});
export type NominateRequest = z.input<typeof nominateRequestSchema>;

export const bidRequestSchema = z.object({
  bidAmount: bidAmountSchema,
  teamId: requiredIdSchema('Team'),
});
export type BidRequest = z.input<typeof bidRequestSchema>;

/**
 * PUT /auctions/{id}/proxy: sets or changes the team's private maximum for the open auction (ADR 0017). Like a bid it
 * must beat the current bid (the high bidder's may equal it) and stay within the team's max bid.
 */
export const proxyBidRequestSchema = z.object({
  teamId: requiredIdSchema('Team'),
  maxBid: dollars('Maximum bid'),
});
export type ProxyBidRequest = z.input<typeof proxyBidRequestSchema>;

/** GET and DELETE /auctions/{id}/proxy?teamId=: the team (default: the user's own team in the draft). */
export const proxyBidQuerySchema = z.object({ teamId: idSchema.optional() });

/**
 * A team's maximum for an auction, for its owner and admins only (null when it has none), and the auction as it is
 * after any bids the maximum placed.
 */
export const proxyBidDataSchema = z.object({
  auctionId: idSchema,
  teamId: idSchema,
  maxBid: z.number().int().nullable(),
  /** The open auction, or the one just completed; null for an older one. */
  auction: auctionSchema.nullable(),
});
export type ProxyBidData = z.infer<typeof proxyBidDataSchema>;

/** POST /players/assign and POST /drafts/{id}/pick. */
export const assignPlayerRequestSchema = z.object({
  playerId: playerProviderIdSchema,
  teamId: requiredIdSchema('Team'),
  cost: dollars('Cost'),
  draftId: requiredIdSchema('Draft'),
});
export type AssignPlayerRequest = z.input<typeof assignPlayerRequestSchema>;
export const draftPickRequestSchema = assignPlayerRequestSchema.omit({ draftId: true });
export type DraftPickRequest = z.input<typeof draftPickRequestSchema>;

export const pickSchema = z.object({
  _id: idSchema,
  draftId: idSchema,
  draftName: z.string(),
  draftStatus: draftStatusSchema,
  pickNumber: z.number().int(),
  playerId: z.string(),
  playerName: z.string(),
  position: z.string(),
  nflTeam: z.string(),
  cost: z.number().int(),
  teamId: teamRefSchema,
  source: z.enum(['auction', 'admin', 'keeper']),
  pickedAt: z.string(),
});
export type Pick = z.infer<typeof pickSchema>;
export const picksDataSchema = z.object({ picks: z.array(pickSchema) });
export type PicksData = z.infer<typeof picksDataSchema>;
export const pickDataSchema = z.object({ pick: pickSchema });
export type PickData = z.infer<typeof pickDataSchema>;

/** DELETE /drafts/{id}/picks/{pickId}: the number the undone pick had (later picks moved up one). */
export const undoPickDataSchema = z.object({ pickNumber: z.number().int() });
export type UndoPickData = z.infer<typeof undoPickDataSchema>;

export const RECENT_PICKS_DEFAULT_LIMIT = 100;
export const RECENT_PICKS_LIMIT_MAX = 500;
export const recentPicksQuerySchema = z.object({
  limit: wholeNumberQuerySchema({
    min: 1,
    max: RECENT_PICKS_LIMIT_MAX,
    invalid: 'limit must be a whole number',
    range: `limit must be between 1 and ${RECENT_PICKS_LIMIT_MAX}`,
  })
    .optional()
    .transform((limit) => limit ?? RECENT_PICKS_DEFAULT_LIMIT),
  draftId: idSchema.optional(),
});

/**
 * PUT /drafts/{id}/picks/{pickId}: the body of docs/product.md §7.6 (Auctions and picks); pickNumber must still be
 * the pick's number.
 */
export const updatePickRequestSchema = z
  .object({
    pickNumber: z
      .number({ error: 'Pick number must be a whole number of at least 1' })
      .int({ error: 'Pick number must be a whole number of at least 1' })
      .min(1, { error: 'Pick number must be a whole number of at least 1' })
      .optional(),
    playerId: playerProviderIdSchema.optional(),
    playerName: requiredTextSchema('Player name', 'Player name is required')
      .max(100, { error: 'Player name must not exceed 100 characters' })
      .optional(),
    position: z
      .enum(POSITIONS, {
        error: `Position must be ${POSITIONS.slice(0, -1).join(', ')} or ${POSITIONS[POSITIONS.length - 1]}`,
      })
      .optional(),
    nflTeam: requiredTextSchema('NFL team', 'NFL team is required')
      .max(10, { error: 'NFL team must not exceed 10 characters' })
      .optional(),
    cost: dollars('Cost').optional(),
    teamId: idSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    // As every other update: an empty edit answered "Pick updated successfully" and changed nothing.
    error: 'Nothing to update: send pickNumber, playerId, playerName, position, nflTeam, cost or teamId',
  });
export type UpdatePickRequest = z.input<typeof updatePickRequestSchema>;

export const CHAT_HISTORY_LIMIT = 50;
export const chatMessageSchema = z.object({
  _id: idSchema,
  draftId: idSchema,
  user: z.object({ _id: idSchema, username: z.string(), role: z.string() }),
  message: z.string(),
  timestamp: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const chatTextSchema = requiredTextSchema('Message', 'Message cannot be empty').max(CHAT_MESSAGE_MAX, {
  error: `Message must not exceed ${CHAT_MESSAGE_MAX} characters`,
});
