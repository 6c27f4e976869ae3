import { z } from 'zod';
import { auctionSchema, chatMessageSchema, chatTextSchema, pickSchema } from './auctions.js';
import { idSchema } from './ids.js';
import { playerProviderIdSchema } from './players.js';
import { textSchema } from './text.js';
import { draftSchema, teamRefSchema } from './drafts.js';
import { teamSchema } from './teams.js';

/** Socket events of spec section 7. Names are the wire names. */
export const ClientEvents = {
  authenticate: 'authenticate',
  joinDraft: 'joinDraft',
  leaveDraft: 'leaveDraft',
  chatMessage: 'chatMessage',
  bidOnPlayer: 'bidOnPlayer',
  typing: 'typing',
} as const;

export const ServerEvents = {
  authenticated: 'authenticated',
  authError: 'authError',
  draftJoined: 'draftJoined',
  userJoined: 'userJoined',
  userLeft: 'userLeft',
  activeUsersUpdate: 'activeUsersUpdate',
  draftStarted: 'draftStarted',
  draftUpdated: 'draftUpdated',
  pickMade: 'pickMade',
  pickUndone: 'pickUndone',
  draftCompleted: 'draftCompleted',
  playerUpdated: 'playerUpdated',
  playerBid: 'playerBid',
  chatMessage: 'chatMessage',
  userTyping: 'userTyping',
  error: 'error',
  auctionStarted: 'auctionStarted',
  bidPlaced: 'bidPlaced',
  auctionCompleted: 'auctionCompleted',
  playerAssigned: 'playerAssigned',
  /** Not in the spec: an admin edited a pick (payload `{pick, previous}`). */
  pickUpdated: 'pickUpdated',
  /** Admin-only progress of a provider sync (not in the spec: drives the Sync Players progress bar). */
  playerSyncProgress: 'playerSyncProgress',
  /** Admin-only ops figures every few seconds (issue 5, payload `OpsFiguresData`; drives /admin/ops). */
  opsFigures: 'opsFigures',
} as const;

/** The spec sends `authenticate (token)`: a bare token string or `{ token }` are both accepted. */
const tokenSchema = textSchema('Token').min(1).max(4096);
export const authenticatePayloadSchema = z.union([tokenSchema, z.object({ token: tokenSchema })]);

export const socketUserSchema = z.object({ _id: z.string(), username: z.string(), role: z.string() });
export type SocketUser = z.infer<typeof socketUserSchema>;

export const authenticatedPayloadSchema = z.object({ user: socketUserSchema, serverTime: z.string() });
export type AuthenticatedPayload = z.infer<typeof authenticatedPayloadSchema>;

export const activeUsersUpdateSchema = z.object({ activeUsers: z.array(z.object({ username: z.string() })) });
export type ActiveUsersUpdate = z.infer<typeof activeUsersUpdateSchema>;

export const socketErrorSchema = z.object({ message: z.string() });
export type SocketError = z.infer<typeof socketErrorSchema>;

/** Largest socket payload the server reads (bytes of JSON); anything bigger gets `error`. */
export const SOCKET_PAYLOAD_MAX_BYTES = 8 * 1024;

// ---- client → server -------------------------------------------------------------------------------------------

const draftIdField = textSchema('draftId', 'Invalid draft id').refine(
  (value) => idSchema.safeParse(value).success,
  { error: 'Invalid draft id' },
);
export const joinDraftPayloadSchema = z.object({ draftId: draftIdField }, { error: 'Invalid draft id' });
export const leaveDraftPayloadSchema = joinDraftPayloadSchema;
export const chatMessagePayloadSchema = z.object({ draftId: idSchema, message: chatTextSchema });
export const typingPayloadSchema = z.object({
  draftId: idSchema,
  isTyping: z.boolean({ error: 'isTyping must be true or false' }),
});
/**
 * The spec's `bidOnPlayer {draftId, playerId, bidAmount}`; `teamId` defaults to the user's team in the draft (admins
 * without a team must give it), `auctionId` pins the bid to one auction when given.
 */
export const bidOnPlayerPayloadSchema = z.object({
  draftId: idSchema,
  playerId: playerProviderIdSchema,
  bidAmount: z
    .number({ error: 'Bid amount must be a number' })
    .int({ error: 'Bid amount must be a whole number of dollars' })
    .min(1, { error: 'Bid amount must be at least $1' })
    .max(10_000, { error: 'Bid amount must not exceed $10000' }),
  teamId: idSchema.optional(),
  auctionId: idSchema.optional(),
});
export type BidOnPlayerPayload = z.infer<typeof bidOnPlayerPayloadSchema>;

// ---- server → client -------------------------------------------------------------------------------------------

/** On every live event: global log position (decimal string, null when not from the log) and server time. */
export const liveMetaSchema = z.object({
  draftId: idSchema,
  position: z.string().nullable(),
  serverTime: z.string(),
});
export type LiveMeta = z.infer<typeof liveMetaSchema>;

export const draftJoinedSchema = liveMetaSchema.extend({
  activeUsers: z.array(z.object({ username: z.string() })),
  chatHistory: z.array(chatMessageSchema),
});
export const userPresenceSchema = liveMetaSchema.extend({ username: z.string() });
export const auctionStartedSchema = liveMetaSchema.extend({
  auction: auctionSchema,
  timeLeft: z.number().int(),
});
export const bidPlacedSchema = liveMetaSchema.extend({
  auction: auctionSchema,
  timeLeft: z.number().int(),
  bidderName: z.string(),
  bidAmount: z.number().int(),
});
export type BidPlacedPayload = z.infer<typeof bidPlacedSchema>;
export const auctionCompletedSchema = liveMetaSchema.extend({
  auction: auctionSchema,
  winnerName: z.string(),
  playerName: z.string(),
  winningBid: z.number().int(),
});
export const pickMadeSchema = liveMetaSchema.extend({ pick: pickSchema, team: teamSchema });
export const pickUndoneSchema = liveMetaSchema.extend({ pickNumber: z.number().int(), pick: pickSchema });
export const pickUpdatedSchema = liveMetaSchema.extend({ pick: pickSchema, previous: pickSchema });
export const playerAssignedSchema = liveMetaSchema.extend({
  playerName: z.string(),
  teamName: z.string(),
  cost: z.number().int(),
  pick: pickSchema,
});
export const PLAYER_UPDATE_ACTIONS = ['drafted', 'undrafted', 'updated'] as const;
export const playerUpdatedSchema = liveMetaSchema.extend({
  action: z.enum(PLAYER_UPDATE_ACTIONS),
  playerId: z.string(),
});
/** draftCompleted, and draftUpdated for pause/resume/turn changes during the draft. */
export const draftLiveSchema = liveMetaSchema.extend({
  draft: draftSchema,
  currentTeamTurn: teamRefSchema.nullable(),
  nominationDeadline: z.string().nullable(),
});
/** To the bidder only: the bid was accepted (everyone, the bidder included, also gets bidPlaced). */
export const playerBidSchema = liveMetaSchema.extend({
  auctionId: idSchema,
  bidAmount: z.number().int(),
  accepted: z.literal(true),
});
export const chatMessageEventSchema = chatMessageSchema.extend({
  position: z.null(),
  serverTime: z.string(),
});
export const userTypingSchema = liveMetaSchema.extend({ username: z.string(), isTyping: z.boolean() });
