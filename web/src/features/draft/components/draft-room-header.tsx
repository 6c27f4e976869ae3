import type { Draft } from '@auction/contracts';
import clsx from 'clsx';
import { LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DownloadResultsButton } from '../../../shared/results/download-results-button.js';
import { StatusBadge } from '../../../shared/ui/status-badge.js';
import { picksText, turnText } from '../draft-turn.js';

/**
 * docs/product.md §2.6 (Draft room), its header: draft name, status badge, whose turn it is, and picks made out of the
 * total.
 */
export function DraftRoomHeader({
  draft,
  currentUserId,
  actions,
}: {
  draft: Draft;
  currentUserId: string | undefined;
  /** Admin controls (Pause/Resume, Assign Player). */
  actions?: ReactNode;
}) {
  const turn = draft.status === 'completed' ? null : turnText(draft, currentUserId);
  const ownTurn = turn === 'Your Turn!';
  return (
    <header className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {draft.name}
          </h1>
          <StatusBadge status={draft.status} />
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Round {draft.currentRound} · {draft.teams.length} of {draft.settings.teamsCount} teams · $
          {draft.settings.budgetPerTeam} per team
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {turn && (
          <span
            aria-live="polite"
            className={clsx(
              'rounded-full px-3 py-1 text-sm font-semibold',
              ownTurn ? 'animate-pulse bg-green-600 text-white' : 'bg-indigo-50 text-indigo-700',
            )}
          >
            {turn}
          </span>
        )}
        <span className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-slate-700 tabular-nums ring-1 ring-slate-200 ring-inset">
          {picksText(draft)}
        </span>
        <Link
          to={`/draft/${draft._id}/board`}
          className="inline-flex items-center gap-1.5 rounded-full bg-white px-3 py-1 text-sm font-semibold text-indigo-700 ring-1 ring-indigo-200 ring-inset hover:bg-indigo-50"
        >
          <LayoutGrid aria-hidden="true" className="size-4" />
          Draft Board
        </Link>
        <DownloadResultsButton draft={draft} />
        {actions}
      </div>
    </header>
  );
}
