import { upcastDraftEvent } from './draft.upcast.js';
import type { Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { plural, requireId, requireTrimmedText } from '../shared/validation.js';
import { DEFAULT_DRAFT_SETTINGS, DRAFT_NAME_MAX } from '../rules/limits.js';
import type {
  AssignTeams,
  CreateDraft,
  DeleteDraft,
  DraftCommand,
  StartDraft,
  UpdateDraft,
} from './draft.commands.js';
import { autoNominate, completeAuction, nominatePlayer, placeBid } from './draft.auction.js';
import { plusSeconds, requireTime } from './draft.clock.js';
import { assignPlayer, undoPick, updatePick } from './draft.corrections.js';
import type { DraftEvent } from './draft.events.js';
import { assertDraftExists } from './draft.guards.js';
import { pauseDraft, resumeDraft } from './draft.pause.js';
import { addKeeper, keepersOf, removeKeeper } from './draft.keepers.js';
import { removeProxyBid, setProxyBid } from './draft.proxy.js';
import { setNominationQueue } from './draft.queue.js';
import { resolveDraftSettings, sameDraftSettings } from './draft.settings.js';
import { draftTeamBudget } from './draft.standings.js';
import { evolveDraft, initialDraftState, type DraftState } from './draft.state.js';
import { orderTeamSlots, sameMembers } from './draft.teams.js';
import { settleTurn } from './draft.turn.js';

const requireDraftName = (name: unknown): string => requireTrimmedText(name, 'Draft name', DRAFT_NAME_MAX);

function createDraft({ data }: CreateDraft, state: DraftState): DraftEvent[] {
  if (state.deleted) throw new NotFoundError('Draft not found');
  if (state.exists) throw new ConflictError('Draft already exists');
  const draftId = requireId(data.draftId, 'Draft id is required');
  const name = requireDraftName(data.name);
  const settings = resolveDraftSettings(DEFAULT_DRAFT_SETTINGS, data.settings);
  return [{ type: 'DraftCreated', data: { draftId, name, settings, createdAt: data.at } }];
}

function updateDraft({ data }: UpdateDraft, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const name = data.name === undefined ? undefined : requireDraftName(data.name);
  const settings = resolveDraftSettings(state.settings, data.settings);
  const nameChanged = name !== undefined && name !== state.name;
  const settingsChanged = !sameDraftSettings(settings, state.settings);
  if (settingsChanged) {
    // Sending the unchanged settings back (a full edit form) is fine in any status.
    if (state.status !== 'created') {
      throw new ConflictError('Draft settings can only be changed while the draft is in created status');
    }
    if (settings.teamsCount < state.teamIds.length) {
      throw new ConflictError(
        `Teams count cannot be lower than the ${plural(state.teamIds.length, 'team')} already assigned`,
      );
    }
    assertKeepersFit({ ...state, settings });
  }
  if (!nameChanged && !settingsChanged) return [];
  return [
    {
      type: 'DraftUpdated',
      data: { ...(nameChanged && { name }), ...(settingsChanged && { settings }) },
    },
  ];
}

/** New budget or roster settings must leave every team's keepers within the max-bid rule. */
function assertKeepersFit(state: DraftState): void {
  for (const teamId of new Set(keepersOf(state).map((keeper) => keeper.teamId))) {
    const budget = draftTeamBudget(state, teamId);
    const over = budget.playerCount > state.settings.playersPerTeam;
    if (over || budget.remaining < budget.slotsRemaining) {
      throw new ConflictError("The new settings leave a team's keepers over its budget or roster");
    }
  }
}

function assignTeams({ data }: AssignTeams, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  if (state.status !== 'created') {
    throw new ConflictError('Teams can only be assigned while the draft is in created status');
  }
  const slots = orderTeamSlots(data.teams);
  if (slots.length === 0) throw new ValidationError('Select at least one team');
  if (slots.length > state.settings.teamsCount) {
    throw new ValidationError(`This draft takes at most ${plural(state.settings.teamsCount, 'team')}`);
  }
  const teamIds = slots.map((slot) => slot.teamId);
  if (keepersOf(state).some((keeper) => !teamIds.includes(keeper.teamId))) {
    throw new ConflictError("Remove a team's keepers before taking it out of the draft");
  }
  if (sameMembers(teamIds, state.teamIds)) return [];
  return [{ type: 'DraftTeamsAssigned', data: { teamIds } }];
}

function startDraft({ data }: StartDraft, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  if (state.status === 'completed') throw new ConflictError('The draft is already completed');
  if (state.status !== 'created') throw new ConflictError('The draft has already been started');
  if (state.teamIds.length === 0) throw new ConflictError('A draft needs at least one team to start');
  const slots = orderTeamSlots(data.teams);
  const teamOrder = slots.map((slot) => slot.teamId);
  // The handler reads team numbers from a read model; if it lags behind the assignment, retry later.
  if (!sameMembers(teamOrder, state.teamIds)) {
    throw new ConflictError('The teams to start with must be exactly the teams assigned to the draft');
  }
  // The first team's nomination clock starts with the draft.
  const now = requireTime(data.at);
  const nominationDeadline = plusSeconds(now, state.settings.nominationTimeLimit);
  const started: DraftEvent = {
    type: 'DraftStarted',
    data: {
      teamOrder,
      currentTeamTurn: teamOrder[0]!,
      currentRound: 1,
      startedAt: data.at,
      teamsCount: teamOrder.length,
      nominationDeadline,
    },
  };
  // Keepers may have filled the first team's roster (or every roster): the turn passes to the next team that can buy,
  // or the draft completes at once, as after a sale. Left on the clock, a team that cannot nominate stalled the draft.
  return [started, ...settleTurn(evolveDraft(state, started), now, data.at)];
}

function deleteDraft({ data }: DeleteDraft, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  return [
    {
      type: 'DraftDeleted',
      data: {
        draftId: state.draftId,
        previousStatus: state.status,
        releasedPicks: state.picks.map((pick) => ({ ...pick })),
        deletedAt: data.at,
      },
    },
  ];
}

/** Returns the events `command` causes on a draft in `state` (none for a no-op), or throws a `DomainError`. */
export function decideDraft(command: DraftCommand, state: DraftState): DraftEvent[] {
  switch (command.type) {
    case 'CreateDraft':
      return createDraft(command, state);
    case 'UpdateDraft':
      return updateDraft(command, state);
    case 'AssignTeams':
      return assignTeams(command, state);
    case 'StartDraft':
      return startDraft(command, state);
    case 'DeleteDraft':
      return deleteDraft(command, state);
    case 'NominatePlayer':
      return nominatePlayer(command, state);
    case 'AutoNominate':
      return autoNominate(command, state);
    case 'PlaceBid':
      return placeBid(command, state);
    case 'SetProxyBid':
      return setProxyBid(command, state);
    case 'RemoveProxyBid':
      return removeProxyBid(command, state);
    case 'CompleteAuction':
      return completeAuction(command, state);
    case 'PauseDraft':
      return pauseDraft(command, state);
    case 'ResumeDraft':
      return resumeDraft(command, state);
    case 'AssignPlayer':
      return assignPlayer(command, state);
    case 'UpdatePick':
      return updatePick(command, state);
    case 'UndoPick':
      return undoPick(command, state);
    case 'SetNominationQueue':
      return setNominationQueue(command, state);
    case 'AddKeeper':
      return addKeeper(command, state);
    case 'RemoveKeeper':
      return removeKeeper(command, state);
    default: {
      const unknown: never = command;
      throw new ValidationError(`Unknown draft command: ${(unknown as { type?: unknown }).type}`);
    }
  }
}

export const draftDecider: Decider<DraftCommand, DraftEvent, DraftState> = {
  initialState: initialDraftState,
  decide: decideDraft,
  evolve: evolveDraft,
  upcast: upcastDraftEvent,
};
