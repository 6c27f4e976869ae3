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
import { textSchema } from './text.js';
import { teamOwnerSchema } from './teams.js';

export const draftStatusSchema = z.enum(DRAFT_STATUSES);
export type DraftStatus = z.infer<typeof draftStatusSchema>;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be between ${min} and ${max}` })
    .max(max, { error: `${label} must be between ${min} and ${max}` });

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

export const draftNameSchema = textSchema('Draft name', 'Draft name is required')
  .trim()
  .min(1, { error: 'Draft name is required' })
  .max(DRAFT_NAME_MAX, { error: `Draft name must not exceed ${DRAFT_NAME_MAX} characters` });

export const createDraftRequestSchema = z.object({
  name: draftNameSchema,
  settings: draftSettingsSchema.partial().optional(),
});
export type CreateDraftRequest = z.input<typeof createDraftRequestSchema>;

export const updateDraftRequestSchema = z
  .object({ name: draftNameSchema.optional(), settings: draftSettingsSchema.partial().optional() })
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
