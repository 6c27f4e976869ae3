import type { CreateDraft } from '../draft/draft.commands.js';
import type { DraftCreated, DraftEvent } from '../draft/draft.events.js';
import type { Pick, TeamSlot } from '../draft/draft.types.js';
import { DEFAULT_DRAFT_SETTINGS } from '../rules/limits.js';

export const DRAFT_ID = '8d3c4a51-6f0e-4c1b-9a57-2f1d0c9b7e10';
export const CREATED_AT = '2025-09-01T18:00:00.000Z';
export const STARTED_AT = '2025-09-01T19:00:00.000Z';
export const DELETED_AT = '2025-09-02T10:00:00.000Z';
/** STARTED_AT plus the default nomination time limit (30 s). */
export const FIRST_NOMINATION_DEADLINE = '2025-09-01T19:00:30.000Z';

export const ALPHA: TeamSlot = { teamId: 'team-alpha', teamNumber: 3 };
export const BRAVO: TeamSlot = { teamId: 'team-bravo', teamNumber: 1 };
export const CHARLIE: TeamSlot = { teamId: 'team-charlie', teamNumber: 7 };

export const draftCreated = (overrides: Partial<DraftCreated['data']> = {}) =>
  ({
    type: 'DraftCreated',
    data: {
      draftId: DRAFT_ID,
      name: 'Sunday League',
      settings: { ...DEFAULT_DRAFT_SETTINGS },
      createdAt: CREATED_AT,
      ...overrides,
    },
  }) satisfies DraftEvent;

export const teamsAssigned = (...teams: TeamSlot[]) =>
  ({
    type: 'DraftTeamsAssigned',
    data: { teamIds: [...teams].sort((a, b) => a.teamNumber - b.teamNumber).map((t) => t.teamId) },
  }) satisfies DraftEvent;

export const draftStarted = (...teams: TeamSlot[]) => {
  const teamOrder = [...teams].sort((a, b) => a.teamNumber - b.teamNumber).map((t) => t.teamId);
  return {
    type: 'DraftStarted',
    data: {
      teamOrder,
      currentTeamTurn: teamOrder[0]!,
      currentRound: 1,
      startedAt: STARTED_AT,
      teamsCount: teamOrder.length,
      nominationDeadline: FIRST_NOMINATION_DEADLINE,
    },
  } satisfies DraftEvent;
};

export const pick = (pickNumber: number, teamId: string, cost: number): Pick => ({
  pickId: `pick-${pickNumber}`,
  pickNumber,
  playerId: `player-${pickNumber}`,
  playerName: `Player ${pickNumber}`,
  position: 'RB',
  nflTeam: 'KC',
  teamId,
  cost,
  source: 'auction',
  pickedAt: STARTED_AT,
});

export const playerSold = (sold: Pick) => ({ type: 'PlayerSold', data: { pick: sold } }) satisfies DraftEvent;

export const createDraft = (data: Partial<CreateDraft['data']> = {}): CreateDraft => ({
  type: 'CreateDraft',
  data: { draftId: DRAFT_ID, name: 'Sunday League', at: CREATED_AT, ...data },
});
