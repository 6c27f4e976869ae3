import { isId, type Draft } from '@auction/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useParams } from 'react-router-dom';
import { selectCurrentUser } from '../../app/auth-slice.js';
import { useAppSelector } from '../../app/hooks.js';
import { isNotFoundError } from '../../shared/api/api-error.js';
import { useGetDraftQuery, useGetDraftsOnceQuery, useGetDraftsQuery } from '../../shared/api/drafts.api.js';
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
  // The list only chooses the room; the room then follows its own draft. Following every draft here sent each room on
  // the server every league's turns and sales (issue 10: O(everyone) per sale on draft night).
  const listed = useGetDraftsOnceQuery();
  const fromList = liveDraftFor(listed.data ?? [], user);
  // With no room to show, the picker follows the list, so a draft that starts meanwhile opens.
  const watched = useGetDraftsQuery(undefined, { skip: listed.isLoading || fromList !== undefined });
  const live = fromList ?? liveDraftFor(watched.data ?? [], user);
  // The shown draft's own cache entry (the room's), kept live by its room: once it completes, or is deleted (404), the
  // list is read again and the tab moves on to the next live draft.
  const shown = useGetDraftQuery(fromList?._id ?? skipToken);
  const shownEnded = shown.data?.status === 'completed' || isNotFoundError(shown.error);
  const { refetch } = listed;
  useEffect(() => {
    if (shownEnded) void refetch();
  }, [shownEnded, refetch]);
  useLoadFailedToast(listed.error ?? watched.error);
  if (listed.isLoading) return <LoadingState label="Loading drafts..." />;
  if (live) return <DraftById key={live._id} draftId={live._id} />;
  return (
    <div>
      <PageHeader title="Draft Room" subtitle="No draft is live right now. Pick a draft to open its room." />
      <DraftPicker drafts={watched.data ?? listed.data ?? []} />
    </div>
  );
}

/**
 * docs/product.md §2.6: the draft the user's team plays in (at most one is not completed, §3.2) comes first. With many
 * leagues live, the first live draft of the list is usually another league's, where the user has no team to bid for.
 */
function liveDraftFor(
  drafts: readonly Draft[],
  user: ReturnType<typeof selectCurrentUser>,
): Draft | undefined {
  const own = drafts.find(
    (draft) =>
      draft.status !== 'completed' && draft.teams.some((team) => user && team.ownerId?._id === user._id),
  );
  return own ?? drafts.find((draft) => draft.status === 'active' || draft.status === 'paused');
}
