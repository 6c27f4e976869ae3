import {
  draftNameSchema,
  draftSettingsSchema,
  teamNameSchema,
  teamNumberSchema,
  type CreateDraftRequest,
  type CreateTeamRequest,
} from '@auction/contracts';
import { DEFAULT_DRAFT_SETTINGS } from '@auction/domain';
import { z } from 'zod';

/**
 * A number input holds text. Blank text becomes `undefined` (so the contract says "... is required" or "... must be
 * a number"), numeric text becomes a number, anything else stays as it is and fails the contract's number check.
 */
export function numberFromInput(value: unknown): unknown {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  const parsed = Number(text);
  return Number.isNaN(parsed) ? value : parsed;
}

const numberInput = <T extends z.ZodType>(schema: T) => z.preprocess(numberFromInput, schema);

/** The Create New Team form: the contract's rules, with the team number read from its input's text. */
export const createTeamFormSchema = z.object({
  name: teamNameSchema,
  teamNumber: numberInput(teamNumberSchema),
});
export type CreateTeamFormInput = z.input<typeof createTeamFormSchema>;
export type CreateTeamFormValues = z.output<typeof createTeamFormSchema>;

export const emptyCreateTeamForm: CreateTeamFormInput = { name: '', teamNumber: '' };

export function toCreateTeamRequest(values: CreateTeamFormValues): CreateTeamRequest {
  return { name: values.name, teamNumber: values.teamNumber };
}

/** The Create New Draft form: a name plus the advanced settings (the draft type is always auction). */
export const createDraftFormSchema = z.object({
  name: draftNameSchema,
  settings: z.object({
    teamsCount: numberInput(draftSettingsSchema.shape.teamsCount),
    playersPerTeam: numberInput(draftSettingsSchema.shape.playersPerTeam),
    budgetPerTeam: numberInput(draftSettingsSchema.shape.budgetPerTeam),
  }),
});
export type CreateDraftFormInput = z.input<typeof createDraftFormSchema>;
export type CreateDraftFormValues = z.output<typeof createDraftFormSchema>;

/** The draft defaults of docs/product.md §9 (Constants). */
export const emptyCreateDraftForm: CreateDraftFormInput = {
  name: '',
  settings: {
    teamsCount: String(DEFAULT_DRAFT_SETTINGS.teamsCount),
    playersPerTeam: String(DEFAULT_DRAFT_SETTINGS.playersPerTeam),
    budgetPerTeam: String(DEFAULT_DRAFT_SETTINGS.budgetPerTeam),
  },
};

export function toCreateDraftRequest(values: CreateDraftFormValues): CreateDraftRequest {
  return {
    name: values.name,
    settings: { ...values.settings, draftType: DEFAULT_DRAFT_SETTINGS.draftType },
  };
}

export type CreateTeamField = 'name' | 'teamNumber';

/**
 * Which Create Team field a server message is about (e.g. 409 "Team number 3 is already taken"), so it is shown
 * beside that field; `null` means the form as a whole.
 */
export function teamFieldOfServerMessage(message: string): CreateTeamField | null {
  if (/team\s*number/i.test(message)) return 'teamNumber';
  if (/name/i.test(message)) return 'name';
  return null;
}
