import {
  BUDGET_PER_TEAM_MAX,
  CLOCK_SECONDS_MAX,
  CLOCK_SECONDS_MIN,
  DRAFT_NAME_MAX,
  DRAFT_STATUSES,
  DRAFT_TYPES,
  MIN_BID,
  PLAYERS_PER_TEAM_MAX,
  PLAYERS_PER_TEAM_MIN,
  TEAMS_COUNT_MAX,
  TEAMS_COUNT_MIN,
} from '@auction/domain';
import { z } from 'zod';
import { idSchema } from './ids.js';
import { wholeNumberQuerySchema } from './query-numbers.js';
import { requiredNameSchema } from './text.js';
import { teamOwnerSchema } from './teams.js';
import { wholeNumberInRange } from './whole-number.js';

export const draftStatusSchema = z.enum(DRAFT_STATUSES);
export type DraftStatus = z.infer<typeof draftStatusSchema>;

const wholeNumber = (label: string, min: number, max: number) =>
  wholeNumberInRange(z.number({ error: `${label} must be a number` }), {
    min,
    max,
    whole: `${label} must be a whole number`,
    range: `${label} must be between ${min} and ${max}`,
  });

export const draftSettingsSchema = z.object({
  teamsCount: wholeNumber('Teams count', TEAMS_COUNT_MIN, TEAMS_COUNT_MAX),
  playersPerTeam: wholeNumber('Players per team', PLAYERS_PER_TEAM_MIN, PLAYERS_PER_TEAM_MAX),
  // The least a roster of one costs; the domain checks it against the draft's players per team.
  budgetPerTeam: wholeNumber('Budget per team', MIN_BID, BUDGET_PER_TEAM_MAX),
  draftType: z.enum(DRAFT_TYPES, { error: 'Only auction drafts are supported' }),
  auctionTimeLimit: wholeNumber('Auction time limit', CLOCK_SECONDS_MIN, CLOCK_SECONDS_MAX),
  bidTimeReset: wholeNumber('Bid time reset', CLOCK_SECONDS_MIN, CLOCK_SECONDS_MAX),
  nominationTimeLimit: wholeNumber('Nomination time limit', CLOCK_SECONDS_MIN, CLOCK_SECONDS_MAX),
});
export type DraftSettings = z.infer<typeof draftSettingsSchema>;

export const draftNameSchema = requiredNameSchema('Draft name', 'Draft name is required').max(
  DRAFT_NAME_MAX,
  { error: `Draft name must not exceed ${DRAFT_NAME_MAX} characters` },
);

/**
 * The settings a request sends: any of them; an unknown one is refused rather than ignored (a misspelt
 * `auctionTimelimit` answered "Draft updated successfully" and changed nothing).
 */
export const draftSettingsRequestSchema = z.strictObject(draftSettingsSchema.partial().shape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown setting${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}`
      : 'Settings must be an object of draft settings',
});

export const createDraftRequestSchema = z.object({
  name: draftNameSchema,
  settings: draftSettingsRequestSchema.optional(),
});
export type CreateDraftRequest = z.input<typeof createDraftRequestSchema>;

export const updateDraftRequestSchema = z
  .object({ name: draftNameSchema.optional(), settings: draftSettingsRequestSchema.optional() })
  .refine((body) => body.name !== undefined || body.settings !== undefined, {
    error: 'Nothing to update: send name or settings',
  });
export type UpdateDraftRequest = z.input<typeof updateDraftRequestSchema>;

export const assignTeamsRequestSchema = z.object({
  teamIds: z
    .array(idSchema, { error: 'teamIds must be a list of team ids' })
    .min(1, { error: 'Select at least one team' })
    .max(TEAMS_COUNT_MAX, { error: `A draft takes at most ${TEAMS_COUNT_MAX} teams` }),
});
export type AssignTeamsRequest = z.input<typeof assignTeamsRequestSchema>;

export const teamRefSchema = z.object({ _id: idSchema, name: z.string(), teamNumber: z.number().int() });
export type TeamRef = z.infer<typeof teamRefSchema>;

export const draftTeamSchema = teamRefSchema.extend({ ownerId: teamOwnerSchema.nullable() });
export type DraftTeam = z.infer<typeof draftTeamSchema>;

export const draftSchema = z.object({
  _id: idSchema,
  name: z.string(),
  status: draftStatusSchema,
  teams: z.array(draftTeamSchema),
  currentRound: z.number().int(),
  currentTeamTurn: teamRefSchema.nullable(),
  totalPicks: z.number().int(),
  settings: draftSettingsSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** The draft stream version this answer reflects (live events carry theirs: newer ones are not in it yet). */
  version: z.number().int().nonnegative(),
});
export type Draft = z.infer<typeof draftSchema>;

export const draftsDataSchema = z.object({ drafts: z.array(draftSchema) });
export type DraftsData = z.infer<typeof draftsDataSchema>;
export const draftDataSchema = z.object({ draft: draftSchema });
export type DraftData = z.infer<typeof draftDataSchema>;
/** DELETE /api/drafts/{id}: the id of the draft deleted. */
export const deleteDraftDataSchema = z.object({ draftId: idSchema });
export type DeleteDraftData = z.infer<typeof deleteDraftDataSchema>;

export const draftStatusDataSchema = z.object({
  draftId: idSchema,
  status: draftStatusSchema,
  currentRound: z.number().int(),
  currentTeamTurn: teamRefSchema.nullable(),
  totalPicks: z.number().int(),
  /** teamsCount × playersPerTeam: the header's "picks made out of …". */
  picksTarget: z.number().int(),
  /** The draft stream version this answer reflects. */
  version: z.number().int().nonnegative(),
});
export type DraftStatusData = z.infer<typeof draftStatusDataSchema>;

// ---------------------------------------------------------------------------------------------------------------
// GET /api/drafts/{id}/activity?limit=<n>: the draft's activity feed, newest first (an asynchronous read model,
// ADR 0022: it may trail the draft by a poll; `lag` says how many log events it has still to read).
// ---------------------------------------------------------------------------------------------------------------

export const DRAFT_ACTIVITY_DEFAULT_LIMIT = 50;
export const DRAFT_ACTIVITY_LIMIT_MAX = 200;
const ACTIVITY_LIMIT_MESSAGE = `limit must be a whole number between 1 and ${DRAFT_ACTIVITY_LIMIT_MAX}`;

export const draftActivityQuerySchema = z.object({
  limit: wholeNumberQuerySchema({
    min: 1,
    max: DRAFT_ACTIVITY_LIMIT_MAX,
    invalid: ACTIVITY_LIMIT_MESSAGE,
    range: ACTIVITY_LIMIT_MESSAGE,
  })
    .optional()
    .transform((limit) => limit ?? DRAFT_ACTIVITY_DEFAULT_LIMIT),
});
export type DraftActivityQuery = z.input<typeof draftActivityQuerySchema>;

export const DRAFT_ACTIVITY_KINDS = [
  'created',
  'started',
  'sold',
  'keeper_added',
  'keeper_removed',
  'pick_updated',
  'pick_undone',
  'paused',
  'resumed',
  'completed',
  'reopened',
  'deleted',
] as const;

export const draftActivityEntrySchema = z.object({
  /** The draft stream version of the event. */
  version: z.number().int().positive(),
  kind: z.enum(DRAFT_ACTIVITY_KINDS),
  /** The pick's team, player and cost for pick events; null otherwise. */
  teamId: idSchema.nullable(),
  playerName: z.string().nullable(),
  amount: z.number().int().nullable(),
  at: z.string(),
});
export type DraftActivityEntry = z.infer<typeof draftActivityEntrySchema>;

export const draftActivityDataSchema = z.object({
  draftId: idSchema,
  entries: z.array(draftActivityEntrySchema),
  /** Log events the feed has not read yet (0: up to date). */
  lag: z.number().int().min(0),
});
export type DraftActivityData = z.infer<typeof draftActivityDataSchema>;
