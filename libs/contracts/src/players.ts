import { POSITIONS } from '@auction/domain';
import { z } from 'zod';
import { idSchema } from './ids.js';
import { wholeNumberQuerySchema } from './query-numbers.js';
import { textSchema } from './text.js';

/** The domain's positions, under the name the players' wire shapes and their callers use. */
export const PLAYER_POSITIONS = POSITIONS;
export const playerPositionSchema = z.enum(PLAYER_POSITIONS, {
  error: `Position must be one of ${PLAYER_POSITIONS.join(', ')}`,
});
export type PlayerPosition = z.infer<typeof playerPositionSchema>;

export const PLAYER_ID_MAX = 64;

/** A player's provider id (the `playerId` in picks, nominations and bids: docs/product.md §3.4 (Player)). */
export const playerProviderIdSchema = textSchema('playerId', 'playerId is required')
  .trim()
  .min(1, { error: 'playerId is required' })
  .max(PLAYER_ID_MAX, { error: `playerId must not exceed ${PLAYER_ID_MAX} characters` });

/**
 * docs/product.md §9 (Constants): 20 in the assignment panel, 50 in the draft room; the server never returns more than
 * the cap.
 */
export const PLAYER_SEARCH_DEFAULT_LIMIT = 20;
export const PLAYER_LIST_LIMIT_MAX = 100;
export const PLAYER_QUERY_MAX = 100;

export const playerSchema = z.object({
  _id: idSchema,
  /** Data provider the ids come from ("sleeper": the bundled dataset uses Sleeper ids too). */
  provider: z.string(),
  providerId: z.string(),
  /** The playerId used when assigning (docs/product.md §3.4 (Player)): the provider id. */
  playerId: z.string(),
  name: z.string(),
  position: playerPositionSchema,
  team: z.string().nullable(),
  jerseyNumber: z.number().int().nullable(),
  age: z.number().int().nullable(),
  status: z.string().nullable(),
  injuryStatus: z.string().nullable(),
  projectedPoints: z.number().nullable(),
  adp: z.number().nullable(),
  /**
   * Average auction price in public drafts ($200 budget), where the data has one; with a `draftId`, the player's
   * value in that draft in whole dollars (docs/adr/0019): its current value if available, its pre-draft value if sold.
   */
  auctionValue: z.number().nullable(),
  /** The draft fields describe one draft (the one asked for, else the caller's; see draftScopeSchema). */
  cost: z.number().int().nullable(),
  isDrafted: z.boolean(),
  draftedByTeamId: idSchema.nullable(),
  draftId: idSchema.nullable(),
  updatedAt: z.string(),
});
export type Player = z.infer<typeof playerSchema>;

const LIMIT_MESSAGE = `limit must be a whole number between 1 and ${PLAYER_LIST_LIMIT_MAX}`;
const limitSchema = wholeNumberQuerySchema({
  min: 1,
  max: PLAYER_LIST_LIMIT_MAX,
  invalid: LIMIT_MESSAGE,
  range: LIMIT_MESSAGE,
});

const booleanFlagSchema = z.enum(['true', 'false'], { error: 'available must be true or false' });

/**
 * Whose availability a player read shows (docs/product.md §3.4 (Player)): `isDrafted`, `cost`, `draftedByTeamId`
 * and `draftId` describe this draft. Without it, the caller's own current draft; without one, no draft.
 */
const draftScopeSchema = idSchema.optional();

/** GET /players/{id}, /players/{provider}/{providerId}, /players/stats/summary: only the draft to describe. */
export const playerReadQuerySchema = z.object({ draftId: draftScopeSchema });
export type PlayerReadQuery = z.input<typeof playerReadQuerySchema>;

export const playerSearchQuerySchema = z.object({
  q: textSchema('Search query', 'Search query is required')
    .trim()
    .min(1, { error: 'Search query is required' })
    .max(PLAYER_QUERY_MAX, { error: `Search query must not exceed ${PLAYER_QUERY_MAX} characters` }),
  limit: limitSchema.optional(),
  position: playerPositionSchema.optional(),
  available: booleanFlagSchema.optional(),
  draftId: draftScopeSchema,
});
export type PlayerSearchQuery = z.input<typeof playerSearchQuerySchema>;

/** Listing without a query (draft room with an empty search box, position pages): best ADP first. */
export const playerListQuerySchema = z.object({
  limit: limitSchema.optional(),
  offset: wholeNumberQuerySchema({
    min: 0,
    max: 100_000,
    invalid: 'offset must be a whole number between 0 and 100000',
    range: 'offset must be a whole number between 0 and 100000',
  }).optional(),
  position: playerPositionSchema.optional(),
  available: booleanFlagSchema.optional(),
  draftId: draftScopeSchema,
});
export type PlayerListQuery = z.input<typeof playerListQuerySchema>;

export const playersDataSchema = z.object({
  players: z.array(playerSchema),
  total: z.number().int().optional(),
});
export type PlayersData = z.infer<typeof playersDataSchema>;
export const playerDataSchema = z.object({ player: playerSchema });
export type PlayerData = z.infer<typeof playerDataSchema>;

const projectionValue = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .finite({ error: `${label} must be a number` })
    .min(0, { error: `${label} must be between 0 and ${max}` })
    .max(max, { error: `${label} must be between 0 and ${max}` });

export const updateProjectionsRequestSchema = z
  .object({
    projectedPoints: projectionValue('projectedPoints', 1000).optional(),
    adp: projectionValue('adp', 1000).nullable().optional(),
    auctionValue: projectionValue('auctionValue', 1000).nullable().optional(),
  })
  .refine((b) => b.projectedPoints !== undefined || b.adp !== undefined || b.auctionValue !== undefined, {
    error: 'Nothing to update: send projectedPoints, adp or auctionValue',
  });
export type UpdateProjectionsRequest = z.input<typeof updateProjectionsRequestSchema>;

export const positionSummarySchema = z.object({
  position: playerPositionSchema,
  total: z.number().int(),
  drafted: z.number().int(),
  available: z.number().int(),
  averageProjectedPoints: z.number().nullable(),
  averageAdp: z.number().nullable(),
  averageCost: z.number().nullable(),
});
export const playerStatsSummarySchema = z.object({
  total: z.number().int(),
  drafted: z.number().int(),
  available: z.number().int(),
  averageProjectedPoints: z.number().nullable(),
  averageCost: z.number().nullable(),
  byPosition: z.array(positionSummarySchema),
  lastSyncedAt: z.string().nullable(),
});
export type PlayerStatsSummary = z.infer<typeof playerStatsSummarySchema>;

export const PLAYER_SYNC_PHASES = [
  'queued',
  'fetching',
  'validating',
  'writing',
  'completed',
  'failed',
] as const;
export const playerSyncProgressSchema = z.object({
  jobId: z.string(),
  provider: z.string(),
  phase: z.enum(PLAYER_SYNC_PHASES),
  processed: z.number().int(),
  total: z.number().int(),
  message: z.string().optional(),
});
export type PlayerSyncProgress = z.infer<typeof playerSyncProgressSchema>;

/** POST /players/sync: `updatedPlayers` when the job finished within the wait, else status running + jobId. */
export const playerSyncResultSchema = z.object({
  jobId: z.string(),
  status: z.enum(['completed', 'running']),
  provider: z.string(),
  updatedPlayers: z.number().int().nullable(),
  inserted: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
});
export type PlayerSyncResult = z.infer<typeof playerSyncResultSchema>;
