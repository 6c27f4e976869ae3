import { isId } from '@auction/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router-dom';
import { selectCurrentUser } from '../../app/auth-slice.js';
import { useAppSelector } from '../../app/hooks.js';
import { isNotFoundError } from '../../shared/api/api-error.js';
import { useGetDraftQuery, useGetDraftsQuery } from '../../shared/api/drafts.api.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { LoadingState } from '../../shared/ui/spinner.js';
import { DraftNotFound } from './components/draft-not-found.js';
import { DraftPicker } from './components/draft-picker.js';
import { DraftRoom } from './components/draft-room.js';

/**
 * docs/product.md §8.4 (Failure toasts): the draft room says so when it cannot load its draft (besides the call's own
 * error toast).
 */
export const LOAD_DRAFT_FAILED = 'Failed to load draft';

/** Toasts once per failed load (each failed request is a new error). */
function useLoadFailedToast(error: unknown): void {
  useEffect(() => {
    if (!error) return;
    console.error(LOAD_DRAFT_FAILED, error);
    toast.error(LOAD_DRAFT_FAILED);
  }, [error]);
}

/**
 * /draft/:draftId is that draft's room; /draft is the user's own draft's room, else the first live draft's, else a list
 * to choose from.
 */
export function DraftPage() {
  const { draftId } = useParams();
  return draftId === undefined ? <CurrentDraft /> : <DraftById key={draftId} draftId={draftId} />;
}

/**
 * One draft's room. Rendered with `key={draftId}`: moving to another draft's room in the same tab starts afresh, so no
 * query answers the previous draft's data while the next one loads or cannot be read (RTK Query's `data` keeps the
 * previous argument's answer), and no state of the previous room (the nomination candidate, a typed bid, the chat's
 * typing list) carries over.
 */
function DraftById({ draftId }: { draftId: string }) {
  const user = useAppSelector(selectCurrentUser);
  // An id that cannot exist is not asked for.
  const validId = isId(draftId);
  const { data: draft, isLoading, isError, error } = useGetDraftQuery(validId ? draftId : skipToken);
  useLoadFailedToast(error);
  // A failed refetch during a live draft keeps the room (the live connection resynchronises it); a draft that could
  // never be read is "not found", and so is one the server no longer has (404: an admin deleted it while the room was
  // open), rather than the deleted draft shown as live.
  if (!validId || (isError && (!draft || isNotFoundError(error)))) return <DraftNotFound />;
  if (isLoading || !draft) return <LoadingState label="Loading draft..." />;
  return <DraftRoom draft={draft} currentUser={user} />;
}

function CurrentDraft() {
  const user = useAppSelector(selectCurrentUser);
  const { data: drafts = [], isLoading, error } = useGetDraftsQuery();
  useLoadFailedToast(error);
  if (isLoading) return <LoadingState label="Loading drafts..." />;
  // docs/product.md §2.6: the draft the user's team plays in (at most one is not completed, §3.2) comes first. With many
  // leagues live, the first live draft of the list is usually another league's, where the user has no team to bid for.
  const own = drafts.find(
    (draft) =>
      draft.status !== 'completed' && draft.teams.some((team) => user && team.ownerId?._id === user._id),
  );
  // The live room follows the draft itself (GET /drafts/{id}), which its live events keep current.
  const live = own ?? drafts.find((draft) => draft.status === 'active' || draft.status === 'paused');
  if (live) return <DraftById key={live._id} draftId={live._id} />;
  return (
    <div>
      <PageHeader title="Draft Room" subtitle="No draft is live right now. Pick a draft to open its room." />
      <DraftPicker drafts={drafts} />
    </div>
  );
}
