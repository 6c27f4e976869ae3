import { TEAM_NAME_MAX, TEAM_NUMBER_MAX, TEAM_NUMBER_MIN } from '@auction/domain';
import { z } from 'zod';
import { idSchema } from './ids.js';
import { missingOrWrongType, requiredNameSchema, textSchema } from './text.js';
import { wholeNumberInRange } from './whole-number.js';

export const teamNameSchema = requiredNameSchema('Team name', 'Team name is required').max(TEAM_NAME_MAX, {
  error: `Team name must not exceed ${TEAM_NAME_MAX} characters`,
});

export const teamNumberSchema = wholeNumberInRange(
  z.number({ error: missingOrWrongType('Team number is required', 'Team number must be a number') }),
  {
    min: TEAM_NUMBER_MIN,
    max: TEAM_NUMBER_MAX,
    whole: 'Team number must be a whole number',
    range: `Team number must be between ${TEAM_NUMBER_MIN} and ${TEAM_NUMBER_MAX}`,
  },
);

export const createTeamRequestSchema = z.object({ name: teamNameSchema, teamNumber: teamNumberSchema });
export type CreateTeamRequest = z.input<typeof createTeamRequestSchema>;

export const updateTeamRequestSchema = z
  .object({ name: teamNameSchema.optional(), teamNumber: teamNumberSchema.optional() })
  .refine((body) => body.name !== undefined || body.teamNumber !== undefined, {
    error: 'Nothing to update: send name or teamNumber',
  });
export type UpdateTeamRequest = z.input<typeof updateTeamRequestSchema>;

export const assignOwnerRequestSchema = z.object({
  userId: textSchema('userId', 'Select a user', 'Invalid id')
    .min(1, { error: 'Select a user' })
    .pipe(idSchema),
});
export type AssignOwnerRequest = z.input<typeof assignOwnerRequestSchema>;

export const teamOwnerSchema = z.object({ _id: idSchema, username: z.string() });
export type TeamOwner = z.infer<typeof teamOwnerSchema>;

/** One bought player as the team's roster shows it (docs/product.md §3.2 (Team): playerName, position, team, cost). */
export const rosterPlayerSchema = z.object({
  playerId: z.string(),
  playerName: z.string(),
  position: z.string(),
  team: z.string().nullable(),
  cost: z.number().int(),
  pickNumber: z.number().int().nullable(),
});
export type RosterPlayer = z.infer<typeof rosterPlayerSchema>;

export const teamBudgetSchema = z.object({
  total: z.number().int(),
  spent: z.number().int(),
  remaining: z.number().int(),
});
export type TeamBudget = z.infer<typeof teamBudgetSchema>;

export const teamSchema = z.object({
  _id: idSchema,
  name: z.string(),
  teamNumber: z.number().int(),
  ownerId: teamOwnerSchema.nullable(),
  players: z.array(rosterPlayerSchema),
  budget: teamBudgetSchema,
  slotsRemaining: z.number().int(),
  /** The draft whose budget and roster this team currently shows (its latest, not deleted draft). */
  draftId: idSchema.nullable(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamsDataSchema = z.object({ teams: z.array(teamSchema) });
export type TeamsData = z.infer<typeof teamsDataSchema>;
export const teamDataSchema = z.object({ team: teamSchema });
export type TeamData = z.infer<typeof teamDataSchema>;
/** DELETE /api/teams/{id}: the id of the team deleted. */
export const deleteTeamDataSchema = z.object({ teamId: idSchema });
export type DeleteTeamData = z.infer<typeof deleteTeamDataSchema>;
