import { isId } from '@auction/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { selectCurrentUser } from '../../app/auth-slice.js';
import { useAppSelector } from '../../app/hooks.js';
import { isNotFoundError } from '../../shared/api/api-error.js';
import { useGetDraftQuery } from '../../shared/api/drafts.api.js';
import { Card } from '../../shared/ui/card.js';
import { EmptyState } from '../../shared/ui/empty-state.js';
import { PageHeader } from '../../shared/ui/page-header.js';
import { useJoinDraftRoom } from '../../shared/live/use-join-draft-room.js';
import { LoadingState } from '../../shared/ui/spinner.js';
import { StatusBadge } from '../../shared/ui/status-badge.js';
import { useGetDraftPicksQuery } from '../../shared/api/draft-picks.api.js';
import { boardColumns } from './board-view.js';
import { BoardColumnCard } from './components/board-column-card.js';

const LINK_CLASS =
  'inline-flex items-center rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50';

/**
 * docs/product.md §2.11 (Draft board): every team of a draft as a column, with its picks, money left, max bid and
 * slots by position. The draft and its picks are live caches, so a sale shows without a reload.
 */
export function DraftBoardPage() {
  const { draftId = '' } = useParams();
  // Keyed by draft: moving to another draft's board in the same tab (the browser's back button) starts afresh, rather
  // than showing the previous draft's answers (RTK Query's `data` keeps them) while the next draft's load.
  return <DraftBoard key={draftId} draftId={draftId} />;
}

function DraftBoard({ draftId }: { draftId: string }) {
  const validId = isId(draftId);
  const user = useAppSelector(selectCurrentUser);
  const authenticated = useAppSelector((state) => state.live.status === 'authenticated');
  // Sales and pick corrections are sent to the draft's room only: the board joins it, as a watcher (its user is not
  // in the room's presence, nor announced to the people in the room).
  useJoinDraftRoom(validId ? draftId : null, authenticated, 'watch');
  const { data: draft, isLoading, isError, error } = useGetDraftQuery(validId ? draftId : skipToken);
  const { data: picks = [], isLoading: picksLoading } = useGetDraftPicksQuery(validId ? draftId : skipToken);
  const columns = useMemo(() => (draft ? boardColumns(draft, picks) : []), [draft, picks]);

  // A draft deleted while its board is open (404 on reading it again) is not found either, not shown as live.
  if (!validId || (isError && (!draft || isNotFoundError(error)))) {
    return (
      <Card>
        <EmptyState
          icon={SearchX}
          title="Draft not found"
          hint="The draft you're looking for doesn't exist or you don't have access to it."
          action={
            <Link to="/dashboard" className={LINK_CLASS}>
              Back to Dashboard
            </Link>
          }
        />
      </Card>
    );
  }
  if (isLoading || !draft) return <LoadingState label="Loading draft..." />;

  const ownTeamId = draft.teams.find((team) => user && team.ownerId?._id === user._id)?._id ?? null;
  const turnTeamId = draft.status === 'completed' ? null : (draft.currentTeamTurn?._id ?? null);
  return (
    <div>
      <PageHeader
        title={`Draft Board: ${draft.name}`}
        subtitle={
          <span className="inline-flex items-center gap-2">
            <StatusBadge status={draft.status} />
            Picks: {picks.length} / {draft.settings.teamsCount * draft.settings.playersPerTeam}
          </span>
        }
        actions={
          <Link to={`/draft/${draft._id}`} className={LINK_CLASS}>
            Back to Draft Room
          </Link>
        }
      />
      {picksLoading ? (
        <LoadingState label="Loading picks..." />
      ) : columns.length === 0 ? (
        <Card>
          <EmptyState title="No teams in this draft yet" />
        </Card>
      ) : (
        <div aria-label="Draft board" role="list" className="flex gap-4 overflow-x-auto pb-4">
          {columns.map((column) => (
            <div role="listitem" key={column.teamId}>
              <BoardColumnCard
                column={column}
                own={column.teamId === ownTeamId}
                onClock={column.teamId === turnTeamId}
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
