import type { TeamEvent } from './team.events.js';

export type TeamState = {
  /** False until `TeamCreated`; stays true after deletion. */
  exists: boolean;
  deleted: boolean;
  teamId: string;
  name: string;
  teamNumber: number;
  ownerId: string | null;
  ownerUsername: string | null;
};

export function initialTeamState(): TeamState {
  return {
    exists: false,
    deleted: false,
    teamId: '',
    name: '',
    teamNumber: 0,
    ownerId: null,
    ownerUsername: null,
  };
}

/** Pure and total: returns a new state, never mutates its inputs, and ignores unknown events. */
export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamCreated': {
      const { teamId, name, teamNumber } = event.data;
      return { ...state, exists: true, teamId, name, teamNumber };
    }
    case 'TeamUpdated': {
      const { name, teamNumber } = event.data;
      return {
        ...state,
        ...(name !== undefined && { name }),
        ...(teamNumber !== undefined && { teamNumber }),
      };
    }
    case 'TeamOwnerAssigned':
      return { ...state, ownerId: event.data.userId, ownerUsername: event.data.username };
    case 'TeamDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export function foldTeam(events: readonly TeamEvent[]): TeamState {
  return events.reduce(evolveTeam, initialTeamState());
}
