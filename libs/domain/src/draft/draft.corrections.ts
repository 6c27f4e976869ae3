// Admin corrections. The API lets only admins send them, so the decider takes no actor. They are allowed once
// the draft has started (active, paused or completed) and keep every invariant: budgets, rosters, one pick per
// player, pick numbers 1..n, and the open auction's high bidder still able to pay its bid. Before the start the
// only picks are keepers, which the keeper commands change under their own rule (the max bid, not the budget).
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { requireId } from '../shared/validation.js';
import type { AssignPlayer, UndoPick, UpdatePick } from './draft.commands.js';
import { requireTime } from './draft.clock.js';
import type { DraftEvent } from './draft.events.js';
import { assertDraftExists, assertNewPickId, requireDollars, requireDraftTeam } from './draft.guards.js';
import {
  requireDraftPlayer,
  requireNflTeam,
  requirePlayerId,
  requirePlayerName,
  requirePosition,
} from './draft.players.js';
import { draftTeamBudget, isPlayerDrafted } from './draft.standings.js';
import { evolveDraft, type DraftState } from './draft.state.js';
import { settleTurn } from './draft.turn.js';
import type { Pick } from './draft.types.js';

const requirePickId = (value: unknown): string => requireId(value, 'Pick id is required');

function findPick(state: DraftState, pickId: string): Pick {
  const found = state.picks.find((pick) => pick.pickId === pickId);
  if (found === undefined) throw new NotFoundError('Pick not found');
  return found;
}

function assertStarted(state: DraftState): void {
  if (state.status === 'created') throw new ConflictError('The draft has not started');
}

function assertNotUpForAuction(state: DraftState, playerId: string): void {
  if (state.auction?.playerId === playerId) throw new ConflictError('Player is up for auction');
}

/** The team can take one more player at `cost` (in a state where the pick being changed is already left out). */
function assertRoomAndBudget(state: DraftState, teamId: string, cost: number): void {
  const budget = draftTeamBudget(state, teamId);
  if (budget.slotsRemaining === 0) throw new ConflictError('Team roster is full');
  if (cost > budget.remaining) {
    throw new ConflictError(`Insufficient budget ($${budget.remaining} remaining)`);
  }
}

/** Applies the correction and refuses it if the open auction's high bidder could then not pay its bid. */
function applyCorrection(state: DraftState, event: DraftEvent, now: number, at: string): DraftEvent[] {
  const after = evolveDraft(state, event);
  const { auction } = after;
  if (auction !== null && auction.currentBid > draftTeamBudget(after, auction.currentBidder).maxBid) {
    throw new ConflictError('The team could no longer pay its high bid in the running auction');
  }
  return [event, ...settleTurn(after, now, at)];
}

export function assignPlayer({ data }: AssignPlayer, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const pickId = requirePickId(data.pickId);
  const player = requireDraftPlayer(data.player);
  const cost = requireDollars(data.cost, 'Cost');
  const now = requireTime(data.at);
  assertStarted(state);
  const teamId = requireDraftTeam(state, data.teamId);
  assertNewPickId(state, pickId);
  if (isPlayerDrafted(state, player.playerId)) throw new ConflictError('Player has already been drafted');
  assertNotUpForAuction(state, player.playerId);
  assertRoomAndBudget(state, teamId, cost);
  const pick: Pick = {
    pickId,
    pickNumber: state.picks.length + 1,
    playerId: player.playerId,
    playerName: player.playerName,
    position: player.position,
    nflTeam: player.nflTeam,
    teamId,
    cost,
    source: 'admin',
    pickedAt: data.at,
  };
  return applyCorrection(state, { type: 'PlayerSold', data: { pick } }, now, data.at);
}

const samePick = (a: Pick, b: Pick): boolean =>
  (Object.keys(a) as (keyof Pick)[]).every((key) => a[key] === b[key]);

export function updatePick({ data }: UpdatePick, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const pickId = requirePickId(data.pickId);
  const now = requireTime(data.at);
  assertStarted(state);
  const previous = findPick(state, pickId);
  if (data.expectedPickNumber !== undefined && data.expectedPickNumber !== previous.pickNumber) {
    throw new ConflictError(`This pick is now pick #${previous.pickNumber}; reload and try again`);
  }
  const { changes } = data;
  if (changes === null || typeof changes !== 'object') throw new ValidationError('Nothing to change');
  const given = <T>(value: unknown, current: T, read: (value: unknown) => T): T =>
    value === undefined ? current : read(value);
  const pick: Pick = {
    ...previous,
    playerId: given(changes.playerId, previous.playerId, requirePlayerId),
    playerName: given(changes.playerName, previous.playerName, requirePlayerName),
    position: given(changes.position, previous.position, requirePosition),
    nflTeam: given(changes.nflTeam, previous.nflTeam, requireNflTeam),
    teamId: given(changes.teamId, previous.teamId, (id) => requireDraftTeam(state, id)),
    cost: given(changes.cost, previous.cost, (cost) => requireDollars(cost, 'Cost')),
  };
  if (samePick(pick, previous)) return [];
  const others: DraftState = { ...state, picks: state.picks.filter((p) => p.pickId !== pickId) };
  if (pick.playerId !== previous.playerId) {
    if (isPlayerDrafted(others, pick.playerId)) throw new ConflictError('Player has already been drafted');
    assertNotUpForAuction(state, pick.playerId);
  }
  // Judged without the pick itself, so a team keeping the player gets its old cost back to pay the new one.
  assertRoomAndBudget(others, pick.teamId, pick.cost);
  return applyCorrection(
    state,
    { type: 'PickUpdated', data: { pick, previous, updatedAt: data.at } },
    now,
    data.at,
  );
}

/** Takes one pick back: its team gets the money and the slot back, the player is free, later picks move up. */
export function undoPick({ data }: UndoPick, state: DraftState): DraftEvent[] {
  assertDraftExists(state);
  const pickId = requirePickId(data.pickId);
  const now = requireTime(data.at);
  assertStarted(state);
  const pick = findPick(state, pickId);
  return applyCorrection(state, { type: 'PickUndone', data: { pick, undoneAt: data.at } }, now, data.at);
}
