import type { Draft } from '@auction/contracts';

type DraftSummary = Pick<Draft, 'status' | 'teams'>;

/** docs/product.md §4.3 (Draft lifecycle): only a created draft with at least one team can be started. */
export function canStartDraft(draft: DraftSummary): boolean {
  return draft.status === 'created' && draft.teams.length > 0;
}

/** docs/product.md §4.3 (Draft lifecycle): teams can be assigned only while the draft is created. */
export function canAssignTeams(draft: Pick<Draft, 'status'>): boolean {
  return draft.status === 'created';
}

/**
 * Deleting a draft that has started resets player draft statuses and clears rosters, so the dialog warns.
 * The contract names active and completed (docs/product.md §2.9 (Admin dialogs)); a paused draft has started too, so
 * it gets the same warning.
 */
export function hasDraftStarted(draft: Pick<Draft, 'status'>): boolean {
  return draft.status === 'active' || draft.status === 'paused' || draft.status === 'completed';
}
