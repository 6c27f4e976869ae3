import type { Command } from '../shared/decider.js';
import type { DraftSettings } from '../rules/limits.js';
import type { TeamSlot } from './draft.types.js';

/** `at` is the ISO time the handler received the command, so `decide` stays pure. */
export type CreateDraft = Command<
  'CreateDraft',
  { draftId: string; name: string; settings?: Partial<DraftSettings>; at: string }
>;

export type UpdateDraft = Command<'UpdateDraft', { name?: string; settings?: Partial<DraftSettings> }>;

/** Replaces the draft's set of teams. */
export type AssignTeams = Command<'AssignTeams', { teams: TeamSlot[] }>;

/** `teams` are the assigned teams with their current numbers, read by the handler from the team read model. */
export type StartDraft = Command<'StartDraft', { teams: TeamSlot[]; at: string }>;

export type DeleteDraft = Command<'DeleteDraft', { at: string }>;

export type DraftCommand = CreateDraft | UpdateDraft | AssignTeams | StartDraft | DeleteDraft;
