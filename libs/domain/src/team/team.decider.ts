import type { Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { isWholeNumberBetween, requireId, requireTrimmedText } from '../shared/validation.js';
import { TEAM_NAME_MAX, TEAM_NUMBER_MAX, TEAM_NUMBER_MIN, USERNAME_MAX } from '../rules/limits.js';
import type { AssignOwner, CreateTeam, DeleteTeam, TeamCommand, UpdateTeam } from './team.commands.js';
import type { TeamEvent } from './team.events.js';
import { evolveTeam, initialTeamState, type TeamState } from './team.state.js';

const requireTeamName = (name: unknown): string => requireTrimmedText(name, 'Team name', TEAM_NAME_MAX);

function requireTeamNumber(teamNumber: unknown): number {
  if (!isWholeNumberBetween(teamNumber, TEAM_NUMBER_MIN, TEAM_NUMBER_MAX)) {
    throw new ValidationError(`Team number must be between ${TEAM_NUMBER_MIN} and ${TEAM_NUMBER_MAX}`);
  }
  return teamNumber;
}

function assertTeamExists(state: TeamState): void {
  if (!state.exists || state.deleted) throw new NotFoundError('Team not found');
}

function createTeam({ data }: CreateTeam, state: TeamState): TeamEvent[] {
  if (state.deleted) throw new NotFoundError('Team not found');
  if (state.exists) throw new ConflictError('Team already exists');
  const teamId = requireId(data.teamId, 'Team id is required');
  const name = requireTeamName(data.name);
  const teamNumber = requireTeamNumber(data.teamNumber);
  return [{ type: 'TeamCreated', data: { teamId, name, teamNumber } }];
}

function updateTeam({ data }: UpdateTeam, state: TeamState): TeamEvent[] {
  assertTeamExists(state);
  const name = data.name === undefined ? undefined : requireTeamName(data.name);
  const teamNumber = data.teamNumber === undefined ? undefined : requireTeamNumber(data.teamNumber);
  const nameChanged = name !== undefined && name !== state.name;
  const numberChanged = teamNumber !== undefined && teamNumber !== state.teamNumber;
  if (!nameChanged && !numberChanged) return [];
  return [
    {
      type: 'TeamUpdated',
      data: { ...(nameChanged && { name }), ...(numberChanged && { teamNumber }) },
    },
  ];
}

function assignOwner({ data }: AssignOwner, state: TeamState): TeamEvent[] {
  assertTeamExists(state);
  const userId = requireId(data.userId, 'Select a user');
  const username = requireTrimmedText(data.username, 'Owner username', USERNAME_MAX);
  if (userId === state.ownerId) return [];
  return [{ type: 'TeamOwnerAssigned', data: { userId, username, previousOwnerId: state.ownerId } }];
}

function deleteTeam({ data }: DeleteTeam, state: TeamState): TeamEvent[] {
  assertTeamExists(state);
  if (data.inOpenDraft) throw new ConflictError('Team is assigned to a draft that is not completed');
  return [{ type: 'TeamDeleted', data: { teamId: state.teamId } }];
}

/** Returns the events `command` causes on a team in `state` (none for a no-op), or throws a `DomainError`. */
export function decideTeam(command: TeamCommand, state: TeamState): TeamEvent[] {
  switch (command.type) {
    case 'CreateTeam':
      return createTeam(command, state);
    case 'UpdateTeam':
      return updateTeam(command, state);
    case 'AssignOwner':
      return assignOwner(command, state);
    case 'DeleteTeam':
      return deleteTeam(command, state);
    default: {
      const unknown: never = command;
      throw new ValidationError(`Unknown team command: ${(unknown as { type?: unknown }).type}`);
    }
  }
}

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  initialState: initialTeamState,
  decide: decideTeam,
  evolve: evolveTeam,
};
