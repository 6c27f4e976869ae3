import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import { requireId } from '../shared/validation.js';
import { MIN_BID } from '../rules/limits.js';
import type { DraftState } from './draft.state.js';
import { isTeamInDraft } from './draft.standings.js';
import type { DraftActor } from './draft.types.js';

/** A deleted draft answers every command like a draft that never existed. */
export function assertDraftExists(state: DraftState): void {
  if (!state.exists || state.deleted) throw new NotFoundError('Draft not found');
}

/** Nominations, bids and completions need a running draft. */
export function assertDraftActive(state: DraftState): void {
  if (state.status === 'created') throw new ConflictError('The draft has not started');
  if (state.status === 'paused') throw new ConflictError('The draft is paused');
  if (state.status === 'completed') throw new ConflictError('The draft is completed');
}

/** Admins act for any team; users only for the teams they own. `actor` comes from the handler, checked anyway. */
export function assertActsFor(actor: DraftActor | undefined, teamId: string, message: string): void {
  const owns = Array.isArray(actor?.teamIds) && actor.teamIds.includes(teamId);
  if (actor?.isAdmin !== true && !owns) throw new ForbiddenError(message);
}

export function requireDraftTeam(state: DraftState, teamId: unknown): string {
  const id = requireId(teamId, 'Select a team');
  if (!isTeamInDraft(state, id)) throw new ValidationError('Team is not in this draft');
  return id;
}

/** Bids, opening bids and pick costs are whole dollars. */
export function requireDollars(value: unknown, label: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new ValidationError(`${label} must be a whole number of dollars`);
  }
  if (value < MIN_BID) throw new ValidationError(`${label} must be at least $${MIN_BID}`);
  return value;
}

/** Pick ids are chosen by the handler; two picks with one id would make corrections ambiguous. */
export function assertNewPickId(state: DraftState, pickId: string): void {
  if (state.picks.some((pick) => pick.pickId === pickId)) throw new ConflictError('Pick id is already used');
}
