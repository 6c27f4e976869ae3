import type { Pick, UpdatePickRequest } from '@auction/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { ArrowLeft, ListOrdered, RefreshCw, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { useGetDraftsQuery } from '../../shared/api/drafts.api.js';
import { useGetDraftPicksQuery } from '../../shared/api/draft-picks.api.js';
import { useDeletePickMutation, useGetRecentPicksQuery, useUpdatePickMutation } from './api/picks.api.js';
import { Button } from '../../shared/ui/button.js';
import { Card } from '../../shared/ui/card.js';
import { EmptyState } from '../../shared/ui/empty-state.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { LoadingState } from '../../shared/ui/spinner.js';
import { ConfirmPickUpdateModal, UndoPickModal } from './components/pick-dialogs.js';
import { PicksSummaryCards } from './components/picks-summary.js';
import { PicksTable } from './components/picks-table.js';
import {
  draftOptionText,
  filterPicks,
  parseEditedCost,
  PICKS_TEXTS,
  startEdit,
  summarise,
  type PickEdit,
} from './picks-view.js';

/**
 * docs/product.md §2.10 (Draft picks management), §9 (Constants): the page reads the 100 most recent picks; one
 * draft's filter reads all of its picks.
 */
export const RECENT_PICKS_LIMIT = 100;

/** /admin/picks: every recorded pick, searchable and filterable, with inline correction and undo. */
export function DraftPicksPage() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [draftId, setDraftId] = useState('');
  const [edit, setEdit] = useState<PickEdit | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [undoing, setUndoing] = useState<Pick | null>(null);
  const drafts = useGetDraftsQuery();
  const recent = useGetRecentPicksQuery(draftId ? skipToken : RECENT_PICKS_LIMIT);
  const ofDraft = useGetDraftPicksQuery(draftId || skipToken);
  const picksQuery = draftId ? ofDraft : recent;
  const [updatePick, update] = useUpdatePickMutation();
  const [deletePick, removal] = useDeletePickMutation();

  const allDrafts = useMemo(() => drafts.data ?? [], [drafts.data]);
  // The answer for the draft chosen now: `data` would keep the previously chosen draft's picks (and summary) while
  // the next one loads, or for good when it cannot be read.
  const picks = useMemo(() => picksQuery.currentData ?? [], [picksQuery.currentData]);
  const picksLoading = picksQuery.currentData === undefined && picksQuery.isFetching;
  const shown = useMemo(() => filterPicks(picks, query, draftId), [picks, query, draftId]);
  const summary = summarise(picks, allDrafts);
  const teamsOf = (id: string) => allDrafts.find((draft) => draft._id === id)?.teams ?? [];

  const loadError = picksQuery.error ?? drafts.error;
  useEffect(() => {
    if (!loadError) return;
    console.error('Failed to load picks data', loadError);
    toast.error(PICKS_TEXTS.loadFailed, { id: 'picks-load-failed' });
  }, [loadError]);

  const refresh = () => {
    void picksQuery.refetch();
    void drafts.refetch();
  };

  const editedPick = edit ? picks.find((pick) => pick._id === edit.pickId) : undefined;

  const confirmUpdate = async () => {
    // docs/product.md §2.10 (Draft picks management): if the pick is no longer in the loaded list, the update aborts.
    const pick = edit ? picks.find((candidate) => candidate._id === edit.pickId) : undefined;
    if (!edit || !pick) {
      toast.error(PICKS_TEXTS.notFound);
      setConfirming(false);
      setEdit(null);
      return;
    }
    const body: UpdatePickRequest = {
      pickNumber: pick.pickNumber,
      playerId: pick.playerId,
      playerName: edit.playerName,
      position: edit.position as UpdatePickRequest['position'],
      nflTeam: edit.nflTeam,
      cost: parseEditedCost(edit.cost),
      teamId: edit.teamId,
    };
    try {
      await updatePick({ draftId: pick.draftId, pickId: pick._id, body }).unwrap();
    } catch (error) {
      console.error('Failed to update pick', error);
      toast.error(PICKS_TEXTS.updateFailed);
      setConfirming(false);
      return;
    }
    toast.success(PICKS_TEXTS.updated);
    setConfirming(false);
    setEdit(null);
  };

  const confirmUndo = async () => {
    if (!undoing) return;
    try {
      await deletePick({ draftId: undoing.draftId, pickId: undoing._id }).unwrap();
    } catch (error) {
      // The central toast says why.
      console.error('Failed to undo pick', error);
      return;
    }
    toast.success(PICKS_TEXTS.undone(undoing.pickNumber));
    setUndoing(null);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title={PICKS_TEXTS.title}
        subtitle="Review and correct recorded picks across drafts"
        actions={
          <Button
            variant="secondary"
            icon={<ArrowLeft aria-hidden="true" className="size-4" />}
            onClick={() => navigate('/admin')}
          >
            Back
          </Button>
        }
      />
      <PicksSummaryCards summary={summary} />
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="relative min-w-0 flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            aria-label={PICKS_TEXTS.searchPlaceholder}
            placeholder={PICKS_TEXTS.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="block w-full rounded-lg border-0 bg-white py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset"
          />
        </div>
        {/* A bounded width: a long draft name must not push Refresh off the screen or squeeze the search box. */}
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700 md:w-72">
          {PICKS_TEXTS.filterLabel}
          <select
            value={draftId}
            onChange={(event) => {
              setDraftId(event.target.value);
              setEdit(null);
            }}
            className="w-full truncate rounded-lg border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset"
          >
            <option value="">{PICKS_TEXTS.allDrafts}</option>
            {allDrafts.map((draft) => (
              <option key={draft._id} value={draft._id}>
                {draftOptionText(draft)}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="secondary"
          loading={picksQuery.isFetching}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={refresh}
        >
          Refresh
        </Button>
      </div>
      <Card flush>
        {picksLoading ? (
          <LoadingState label="Loading picks..." />
        ) : shown.length === 0 ? (
          <EmptyState icon={ListOrdered} title={PICKS_TEXTS.empty} />
        ) : (
          <PicksTable
            picks={shown}
            drafts={allDrafts}
            teamsOf={teamsOf}
            edit={edit}
            onEdit={(pick) => setEdit(startEdit(pick))}
            onChange={setEdit}
            onSave={() => setConfirming(true)}
            onCancel={() => setEdit(null)}
            onUndo={setUndoing}
          />
        )}
      </Card>
      {confirming && edit && (
        <ConfirmPickUpdateModal
          pickNumber={editedPick?.pickNumber ?? 0}
          playerName={edit.playerName}
          saving={update.isLoading}
          onConfirm={() => void confirmUpdate()}
          onClose={() => setConfirming(false)}
        />
      )}
      {undoing && (
        <UndoPickModal
          pick={undoing}
          undoing={removal.isLoading}
          onConfirm={() => void confirmUndo()}
          onClose={() => setUndoing(null)}
        />
      )}
    </div>
  );
}
