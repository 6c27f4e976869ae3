import { NOMINATION_QUEUE_MAX } from '@auction/domain';
import { z } from 'zod';
import { idSchema, requiredIdSchema } from './ids.js';
import { dollarAmountSchema } from './money.js';
import { pickSchema } from './auctions.js';
import { playerProviderIdSchema } from './players.js';

/*
 * The nomination queue and keepers (issue 13, parts 2 and 6; docs/adr/0018). The queue is private to its team: only
 * its owner and admins read or set it, and no socket event carries it.
 */

/** PUT /drafts/{id}/queue: the team's whole queue, first first (an empty list clears it). */
export const nominationQueueRequestSchema = z.object({
  teamId: requiredIdSchema('Team'),
  playerIds: z
    .array(playerProviderIdSchema, { error: 'playerIds must be a list of player ids' })
    .max(NOMINATION_QUEUE_MAX, { error: `A nomination queue holds at most ${NOMINATION_QUEUE_MAX} players` }),
});
export type NominationQueueRequest = z.input<typeof nominationQueueRequestSchema>;

/** GET /drafts/{id}/queue?teamId=: the team (default: the user's own team in the draft). */
export const nominationQueueQuerySchema = z.object({ teamId: idSchema.optional() });

export const queuedPlayerSchema = z.object({
  playerId: z.string(),
  playerName: z.string(),
  position: z.string(),
  nflTeam: z.string(),
  /** False once the player is picked in this draft: auto-nomination then skips him. */
  available: z.boolean(),
});
export type QueuedPlayer = z.infer<typeof queuedPlayerSchema>;

export const nominationQueueDataSchema = z.object({
  draftId: idSchema,
  teamId: idSchema,
  players: z.array(queuedPlayerSchema),
});
export type NominationQueueData = z.infer<typeof nominationQueueDataSchema>;

/** POST /drafts/{id}/keepers (admin, before the start). */
export const keeperRequestSchema = z.object({
  teamId: requiredIdSchema('Team'),
  playerId: playerProviderIdSchema,
  cost: dollarAmountSchema('Keeper cost'),
});
export type KeeperRequest = z.input<typeof keeperRequestSchema>;

/** GET /drafts/{id}/keepers, and the answer to POST and DELETE: the draft's keeper picks in pick order. */
export const keepersDataSchema = z.object({ keepers: z.array(pickSchema) });
export type KeepersData = z.infer<typeof keepersDataSchema>;
