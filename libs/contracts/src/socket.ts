import { z } from 'zod';

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
  /** Admin-only progress of a provider sync (not in the spec: drives the Sync Players progress bar). */
  playerSyncProgress: 'playerSyncProgress',
} as const;

/** The spec sends `authenticate (token)`: a bare token string or `{ token }` are both accepted. */
export const authenticatePayloadSchema = z.union([
  z.string().min(1).max(4096),
  z.object({ token: z.string().min(1).max(4096) }),
]);

export const socketUserSchema = z.object({ _id: z.string(), username: z.string(), role: z.string() });
export type SocketUser = z.infer<typeof socketUserSchema>;

export const authenticatedPayloadSchema = z.object({ user: socketUserSchema, serverTime: z.string() });
export type AuthenticatedPayload = z.infer<typeof authenticatedPayloadSchema>;

export const activeUsersUpdateSchema = z.object({ activeUsers: z.array(z.object({ username: z.string() })) });
export type ActiveUsersUpdate = z.infer<typeof activeUsersUpdateSchema>;

export const socketErrorSchema = z.object({ message: z.string() });
export type SocketError = z.infer<typeof socketErrorSchema>;
