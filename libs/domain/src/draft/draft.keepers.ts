// Keepers (issue 13, part 6): before the start an admin gives a team a player at a cost; he joins the roster as a
// pick with source `keeper`, so budgets, open slots, rosters, the CSV, replay and rebuild count him like a sale.
import { ConflictError, NotFoundError } from '../shared/errors.js';
import type { AddKeeper, RemoveKeeper } from './draft.commands.js';
import { requireTime } from './draft.clock.js';
import type { DraftEvent } from './draft.events.js';
import { assertDraftExists, assertNewPickId, requireDollars } from './draft.guards.js';
import { requireDraftPlayer, requirePlayerId } from './draft.players.js';
import { requireAssignedTeam } from './draft.queue.js';
import { draftTeamBudget, isPlayerDrafted } from './draft.standings.js';
import type { DraftState } from './draft.state.js';
import type { Pick } from './draft.types.js';

function assertBeforeStart(state: DraftState): void {
  if (state.status !== 'created')
    throw new ConflictError('Keepers can only be changed before the draft starts');
}

export function addKeeper({ data }: AddKeeper, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const player = requireDraftPlayer(data.player);
  const cost = requireDollars(data.cost, 'Keeper cost');
  requireTime(data.at);
  assertBeforeStart(state);
  const teamId = requireAssignedTeam(state, data.teamId);
  assertNewPickId(state, data.pickId);
  if (isPlayerDrafted(state, player.playerId))
    throw new ConflictError('Player is already kept in this draft');
  // The max-bid rule: after the keeper the team must still have $1 for every other open slot.
  const budget = draftTeamBudget(state, teamId);
  if (budget.slotsRemaining === 0) throw new ConflictError('Team roster is full');
  if (cost > budget.maxBid)
    throw new ConflictError(`Keeper cost exceeds the team's max bid of $${budget.maxBid}`);
  const pick: Pick = {
    pickId: data.pickId,
    pickNumber: state.picks.length + 1,
    playerId: player.playerId,
    playerName: player.playerName,
    position: player.position,
    nflTeam: player.nflTeam,
    teamId,
    cost,
    source: 'keeper',
    pickedAt: data.at,
  };
  return [{ type: 'KeeperAdded', data: { pick } }];
}

export function removeKeeper({ data }: RemoveKeeper, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const playerId = requirePlayerId(data.playerId);
  requireTime(data.at);
  assertBeforeStart(state);
  const pick = state.picks.find((p) => p.playerId === playerId && p.source === 'keeper');
  if (pick === undefined) throw new NotFoundError('Keeper not found');
  return [{ type: 'KeeperRemoved', data: { pick: { ...pick }, removedAt: data.at } }];
}

/** The draft's keeper picks, in pick order. */
export const keepersOf = (state: DraftState): Pick[] => state.picks.filter((p) => p.source === 'keeper');
