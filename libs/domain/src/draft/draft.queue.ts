// The nomination queue (issue 13, part 2): the players a team wants put up for it when its nomination clock runs
// out, first first. Private to the team; the auto-nomination handler reads it through `queuedPlayerIds`.
import { ConflictError, ValidationError } from '../shared/errors.js';
import { NOMINATION_QUEUE_MAX } from '../rules/limits.js';
import type { SetNominationQueue } from './draft.commands.js';
import type { DraftEvent } from './draft.events.js';
import { assertActsFor, assertDraftExists } from './draft.guards.js';
import { requirePlayerId } from './draft.players.js';
import { saltOf } from './draft.salt.js';
import { isPlayerDrafted } from './draft.standings.js';
import type { DraftState } from './draft.state.js';

function requireQueue(playerIds: unknown): string[] {
  if (!Array.isArray(playerIds)) throw new ValidationError('Player ids must be a list');
  if (playerIds.length > NOMINATION_QUEUE_MAX) {
    throw new ValidationError(`A nomination queue holds at most ${NOMINATION_QUEUE_MAX} players`);
  }
  const ids = playerIds.map((id) => requirePlayerId(id));
  if (new Set(ids).size !== ids.length) throw new ValidationError('A player can be queued only once');
  return ids;
}

/** The team's members are its draft's assigned teams: the queue can be prepared before the start. */
function requireAssignedTeam(state: DraftState, teamId: unknown): string {
  if (typeof teamId !== 'string' || teamId.length === 0) throw new ValidationError('Select a team');
  if (!state.teamIds.includes(teamId)) throw new ValidationError('Team is not in this draft');
  return teamId;
}

export function setNominationQueue({ data }: SetNominationQueue, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const teamId = requireAssignedTeam(state, data.teamId);
  assertActsFor(data.actor, teamId, 'You can only change the queue of your own team');
  const playerIds = requireQueue(data.playerIds);
  if (state.status === 'completed') throw new ConflictError('The draft is completed');
  const current = state.nominationQueues[teamId] ?? [];
  if (current.length === playerIds.length && current.every((id, i) => id === playerIds[i])) return [];
  return [{ type: 'NominationQueueSet', data: { teamId, playerIds, at: data.at, ...saltOf(data.salt) } }];
}

/** The team's queue as it stands (ids, first first), [] without one. */
export const nominationQueueOf = (state: DraftState, teamId: string): string[] => [
  ...(state.nominationQueues[teamId] ?? []),
];

/** The team's queued players that can still be nominated in this draft (not picked here), first first. */
export const queuedPlayerIds = (state: DraftState, teamId: string): string[] =>
  nominationQueueOf(state, teamId).filter((id) => !isPlayerDrafted(state, id));

export { requireAssignedTeam };
