import { z } from 'zod';
import { idempotencyKeySchema } from './idempotency.js';
import {
  auctionSchema,
  auctionTeamSchema,
  bidAmountSchema,
  chatMessageSchema,
  chatTextSchema,
  pickSchema,
} from './auctions.js';
import { idSchema, requiredIdSchema } from './ids.js';
import { playerProviderIdSchema } from './players.js';
import { textSchema } from './text.js';
import { draftSchema, teamRefSchema } from './drafts.js';
import { playerSchema } from './players.js';
import { teamSchema } from './teams.js';

/**
 * Socket events of docs/product.md §7.8 (Socket: client events) and §7.9 (Socket: server events). Names are the wire
 * names.
 */
export const ClientEvents = {
  authenticate: 'authenticate',
  joinDraft: 'joinDraft',
  leaveDraft: 'leaveDraft',
  chatMessage: 'chatMessage',
  bidOnPlayer: 'bidOnPlayer',
  typing: 'typing',
  /** Extension (ADR 0021): draft-level events (draftStarted/Updated/Completed) of every draft, for list pages. */
  watchDrafts: 'watchDrafts',
  unwatchDrafts: 'unwatchDrafts',
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
  /** Extension (docs/product.md §7.9 (Socket: server events)): an admin edited a pick (payload `{pick, previous}`). */
  pickUpdated: 'pickUpdated',
  /**
   * Admin-only progress of a provider sync (an extension, docs/product.md §7.9 (Socket: server events): drives the
   * Sync Players progress bar).
   */
  playerSyncProgress: 'playerSyncProgress',
  /** Admin-only ops figures every few seconds (issue 5, payload `OpsFiguresData`; drives /admin/ops). */
  opsFigures: 'opsFigures',
  /**
   * Extension (docs/product.md §4.1): to every socket of a user whose profile changed (`PUT /auth/profile`), on any
   * device, payload `{_id, username}`; the browser reads its profile again so the header shows the new name.
   */
  profileUpdated: 'profileUpdated',
  /**
   * Extension (docs/product.md §7.9): a team was created, renamed, renumbered, given an owner or deleted. Payload
   * `{_id, draftIds}` (the drafts the team is in), to those drafts' rooms, the users whose ownership changed and the
   * admins; a page reads the teams (and those drafts) again, so "(You)" and the bid box follow the new owner.
   */
  teamUpdated: 'teamUpdated',
} as const;

/** `authenticate` (docs/product.md §7.8 (Socket: client events)): a bare token string or `{ token }` are accepted. */
const tokenSchema = textSchema('Token').min(1).max(4096);
export const authenticatePayloadSchema = z.union([tokenSchema, z.object({ token: tokenSchema })]);

export const socketUserSchema = z.object({ _id: z.string(), username: z.string(), role: z.string() });
export type SocketUser = z.infer<typeof socketUserSchema>;

export const profileUpdatedPayloadSchema = z.object({ _id: z.string(), username: z.string() });
export type ProfileUpdatedPayload = z.infer<typeof profileUpdatedPayloadSchema>;

export const teamUpdatedPayloadSchema = z.object({ _id: z.string(), draftIds: z.array(z.string()) });
export type TeamUpdatedPayload = z.infer<typeof teamUpdatedPayloadSchema>;

export const authenticatedPayloadSchema = z.object({ user: socketUserSchema, serverTime: z.string() });
export type AuthenticatedPayload = z.infer<typeof authenticatedPayloadSchema>;

/**
 * The number of distinct signed-in users, not their list: it goes to every authenticated socket, so a list would
 * make each connect cost O(everyone) (issue 10). Sent to a socket when it authenticates, then to everyone at most once
 * a second when the count changed.
 */
export const activeUsersUpdateSchema = z.object({ count: z.number().int().nonnegative() });
export type ActiveUsersUpdate = z.infer<typeof activeUsersUpdateSchema>;

export const socketErrorSchema = z.object({ message: z.string() });
export type SocketError = z.infer<typeof socketErrorSchema>;

/** Largest socket payload the server reads (bytes of JSON); anything bigger gets `error`. */
export const SOCKET_PAYLOAD_MAX_BYTES = 8 * 1024;

/**
 * Largest frame (one message as sent on the wire, or one polling request) a socket may send: socket.io's
 * `maxHttpBufferSize`, told to clients in the handshake. A larger one ends the connection without an answer. Room for
 * a payload at SOCKET_PAYLOAD_MAX_BYTES escaped six times over (`\u0000`) and for a polling request carrying several,
 * so a payload over 8 KB is still answered `error`; socket.io's 1 MB default let each socket hold up to 1 MB of a
 * frame still arriving.
 */
export const SOCKET_FRAME_MAX_BYTES = 64 * 1024;

/**
 * How many of one socket's messages the server works on at once (a socket's authenticates, joins and chat messages
 * are handled one after another): a message beyond that is not handled and is answered
 * `error {message: TOO_MANY_SOCKET_MESSAGES_IN_FLIGHT}`. The browser has a few at most.
 */
export const SOCKET_MESSAGES_IN_FLIGHT_MAX = 32;
export const TOO_MANY_SOCKET_MESSAGES_IN_FLIGHT =
  'Too many messages waiting for an answer: wait for the answers before sending more';

// ---- client → server -------------------------------------------------------------------------------------------

/** Lower case once valid, as idSchema answers ids: the room of a draft is one room however its id is written. */
const draftIdField = textSchema('draftId', 'Invalid draft id', 'Invalid draft id')
  .refine((value) => idSchema.safeParse(value).success, { error: 'Invalid draft id' })
  .toLowerCase();
/**
 * How a socket joins a draft's room: `participate` (the default: the draft room) counts it in the room's presence
 * and announces it; `watch` (the big board, a screen on the wall) receives the room's events without showing as
 * present.
 */
export const JOIN_MODES = ['participate', 'watch'] as const;
export type JoinMode = (typeof JOIN_MODES)[number];
/** A socket.io connection id as the server gives them out (20 URL-safe base64 characters), with room to spare. */
const socketIdField = z
  .string({ error: 'replaces must be a socket id' })
  .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'replaces must be a socket id' });
export const joinDraftPayloadSchema = z.object(
  {
    draftId: draftIdField,
    mode: z.enum(JOIN_MODES, { error: 'mode must be participate or watch' }).default('participate'),
    /**
     * After a reconnect, the id of this tab's previous connection: the new one takes its place in the room. Until
     * the server notices a connection is gone (a crashed instance's sockets count for up to a minute, a half-open
     * one until the ping timeout) it holds one of the user's ROOM_SOCKETS_PER_USER_MAX places; the server closes it.
     */
    replaces: socketIdField.optional(),
  },
  { error: 'Invalid draft id' },
);
export const leaveDraftPayloadSchema = z.object({ draftId: draftIdField }, { error: 'Invalid draft id' });
export const chatMessagePayloadSchema = z.object({
  draftId: requiredIdSchema('Draft'),
  message: chatTextSchema,
});
export const typingPayloadSchema = z.object({
  draftId: requiredIdSchema('Draft'),
  isTyping: z.boolean({ error: 'isTyping must be true or false' }),
});
/**
 * `bidOnPlayer {draftId, playerId, bidAmount}` (docs/product.md §7.8 (Socket: client events)); `teamId` defaults to the
 * user's team in the draft (admins without a team must give it), `auctionId` pins the bid to one auction when given.
 */
export const bidOnPlayerPayloadSchema = z.object({
  draftId: requiredIdSchema('Draft'),
  playerId: playerProviderIdSchema,
  bidAmount: bidAmountSchema,
  teamId: idSchema.optional(),
  auctionId: idSchema.optional(),
  /** Idempotency key (ADR 0020): a retry of the same user action sends the same one. */
  commandId: idempotencyKeySchema.optional(),
});
export type BidOnPlayerPayload = z.infer<typeof bidOnPlayerPayloadSchema>;

/**
 * The acknowledgement of a `bidOnPlayer` sent with one (ADR 0035): accepted, with the auction's lead after the command
 * (a rival's maximum bid may have answered in the same command, ADR 0017), or refused with the status and message the
 * same bid over REST gets. A refusal is also sent as `error {message}`, as to a client that asked for no answer.
 */
export const bidAcceptedAckSchema = z.object({
  accepted: z.literal(true),
  auctionId: idSchema,
  bidAmount: z.number().int(),
  currentBid: z.number().int(),
  currentBidder: auctionTeamSchema,
});
export const bidRefusedAckSchema = z.object({
  accepted: z.literal(false),
  status: z.number().int(),
  message: z.string(),
});
export const bidOnPlayerAckSchema = z.discriminatedUnion('accepted', [
  bidAcceptedAckSchema,
  bidRefusedAckSchema,
]);
export type BidOnPlayerAck = z.infer<typeof bidOnPlayerAckSchema>;

// ---- server → client -------------------------------------------------------------------------------------------

/**
 * The draft stream version of a live event (1-based, `stream_version` of the log): the order and identity a client
 * uses. Global positions are taken before commit, so they are not in commit order across drafts; within a draft the
 * stream version is. The socket events one log event gives (a sale: pickMade, playerAssigned, playerUpdated) share
 * its version, so (draftId, version, event name) is the identity of a delivery. Null when not from the log.
 */
export const streamVersionSchema = z.number().int().positive();

/** On every live event: its draft, global log position (decimal string), stream version, and the server time. */
export const liveMetaSchema = z.object({
  draftId: idSchema,
  position: z.string().nullable(),
  version: streamVersionSchema.nullable(),
  serverTime: z.string(),
});
export type LiveMeta = z.infer<typeof liveMetaSchema>;

/** `activeUsers`: the distinct users with a socket in this draft's room (the joiner included), sorted by name. */
export const draftJoinedSchema = liveMetaSchema.extend({
  activeUsers: z.array(z.object({ username: z.string() })),
  chatHistory: z.array(chatMessageSchema),
});
/** `userId` tells a user's own other tabs and devices apart from others whatever the name (a rename elsewhere). */
export const userPresenceSchema = liveMetaSchema.extend({ userId: idSchema, username: z.string() });
export const auctionStartedSchema = liveMetaSchema.extend({
  auction: auctionSchema,
  timeLeft: z.number().int(),
});
export const bidPlacedSchema = liveMetaSchema.extend({
  auction: auctionSchema,
  timeLeft: z.number().int(),
  bidderName: z.string(),
  bidAmount: z.number().int(),
  /** True when the server placed it for the bidder's maximum bid (the maximum itself is never sent). */
  proxy: z.boolean().default(false),
});
export type BidPlacedPayload = z.infer<typeof bidPlacedSchema>;
export const auctionCompletedSchema = liveMetaSchema.extend({
  auction: auctionSchema,
  winnerName: z.string(),
  playerName: z.string(),
  winningBid: z.number().int(),
  /**
   * Extension: whose turn it is once the sale is done, and their nomination deadline (null: none, e.g. the draft
   * completed). The room shows the next team on the clock with the sale, not the last nominator until the
   * `draftUpdated` that follows.
   */
  currentTeamTurn: teamRefSchema.nullable().optional(),
  nominationDeadline: z.string().nullable().optional(),
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
/**
 * playerUpdated, one shape for every cause. A sale, an undo or a pick edit in a draft names that draft (`draftId`,
 * with the log event's position and version; `player` null: availability is per draft, read it with `draftId`); a
 * catalogue change (projections) concerns every draft: `draftId`, `position` and `version` null and `player` the
 * catalogue entry as it is now. `playerId` is the provider id (the picks' playerId). A pick edit that swaps the
 * player sends one event (`drafted`, the new player); its pickUpdated names the released one.
 */
export const playerUpdatedSchema = liveMetaSchema.extend({
  draftId: idSchema.nullable(),
  action: z.enum(PLAYER_UPDATE_ACTIONS),
  playerId: z.string(),
  player: playerSchema.nullable(),
});
export type PlayerUpdatedPayload = z.infer<typeof playerUpdatedSchema>;
export const DRAFT_LIVE_ACTIONS = [
  'created',
  'updated',
  'teamsAssigned',
  'started',
  'deleted',
  'turnPassed',
  'paused',
  'resumed',
  'reopened',
  'pickUpdated',
  'pickUndone',
  'keepersChanged',
  'completed',
] as const;
/**
 * draftStarted, draftUpdated and draftCompleted: the draft as it is after the command (`draft` null once deleted),
 * with the version of the command's last log event (the state the payload reflects).
 */
export const draftLiveSchema = liveMetaSchema.extend({
  action: z.enum(DRAFT_LIVE_ACTIONS),
  draft: draftSchema.nullable(),
  currentTeamTurn: teamRefSchema.nullable(),
  nominationDeadline: z.string().nullable(),
});
export type DraftLivePayload = z.infer<typeof draftLiveSchema>;
/** To the bidder only: the bid was accepted (everyone, the bidder included, also gets bidPlaced). */
export const playerBidSchema = liveMetaSchema.extend({
  auctionId: idSchema,
  bidAmount: z.number().int(),
  accepted: z.literal(true),
});
export const chatMessageEventSchema = chatMessageSchema.extend({
  position: z.null(),
  version: z.null(),
  serverTime: z.string(),
});
/** Chat messages one user may send per window (every socket and instance together), unless configured otherwise. */
export const CHAT_RATE_LIMIT_DEFAULT = { messages: 5, windowMs: 5_000 } as const;
export const chatRateLimitedMessage = (waitSeconds: number) =>
  `You are sending messages too fast. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'}.`;
/**
 * `joinDraft` per socket: a burst of JOIN_BURST, then JOIN_REFILL_PER_SECOND. Each join answers the room's chat
 * history (~30 KB), so a socket looping on joins made the server send megabytes a second.
 */
export const ROOM_JOIN_RATE_LIMIT = { burst: 10, perSecond: 1 } as const;
export const ROOM_JOINS_RATE_LIMITED_MESSAGE = 'You are joining rooms too fast. Please wait a moment.';
/**
 * Sockets (tabs) of one user present in one draft room. A room join reads the whole room in Redis, so one user filling
 * a room with sockets (1,500 of them: every join 55–80 ms instead of 7, another user's join waiting 2.7 s) slowed
 * every league's joins; a person needs a few tabs at most.
 */
export const ROOM_SOCKETS_PER_USER_MAX = 10;
export const TOO_MANY_ROOM_SOCKETS_MESSAGE = `This draft room is already open in ${ROOM_SOCKETS_PER_USER_MAX} of your tabs or devices. Close one to join here.`;
export const userTypingSchema = liveMetaSchema.extend({
  userId: idSchema,
  username: z.string(),
  isTyping: z.boolean(),
});
