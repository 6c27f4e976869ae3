import type { Draft } from '@auction/contracts';

type DraftSummary = Pick<Draft, 'status' | 'teams'>;

/** Spec section 4: only a created draft with at least one team can be started. */
export function canStartDraft(draft: DraftSummary): boolean {
  return draft.status === 'created' && draft.teams.length > 0;
}

/** Spec section 4: teams can be assigned only while the draft is created. */
export function canAssignTeams(draft: Pick<Draft, 'status'>): boolean {
  return draft.status === 'created';
}

/**
 * Deleting a draft that has started resets player draft statuses and clears rosters, so the dialog warns.
 * The spec names active and completed; a paused draft has started too, so it gets the same warning.
 */
export function hasDraftStarted(draft: Pick<Draft, 'status'>): boolean {
  return draft.status === 'active' || draft.status === 'paused' || draft.status === 'completed';
}
