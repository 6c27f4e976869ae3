import type { Command } from '../shared/decider.js';

export type CreateTeam = Command<'CreateTeam', { teamId: string; name: string; teamNumber: number }>;

export type UpdateTeam = Command<'UpdateTeam', { name?: string; teamNumber?: number }>;

/** `username` is copied into the event so read models can show the owner without a user lookup. */
export type AssignOwner = Command<'AssignOwner', { userId: string; username: string }>;

/** `inOpenDraft`: whether a draft that is not completed holds the team (the handler asks the read model). */
export type DeleteTeam = Command<'DeleteTeam', { inOpenDraft: boolean }>;

export type TeamCommand = CreateTeam | UpdateTeam | AssignOwner | DeleteTeam;
