import type { Draft } from '@auction/contracts';
import { ArrowRight, ClipboardList, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../shared/ui/card.js';
import { EmptyState } from '../../../shared/ui/empty-state.js';
import { LoadingState } from '../../../shared/ui/spinner.js';
import { StatusBadge } from '../../../shared/ui/status-badge.js';
import { RECENT_DRAFTS_SHOWN } from '../dashboard-stats.js';

export function RecentDrafts({
  drafts,
  loading,
  isAdmin,
}: {
  drafts: readonly Draft[];
  loading: boolean;
  isAdmin: boolean;
}) {
  const recent = drafts.slice(0, RECENT_DRAFTS_SHOWN);
  return (
    <Card title="Recent Drafts" flush className="lg:col-span-2">
      {loading ? (
        <LoadingState />
      ) : recent.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title="No drafts available"
          hint={isAdmin ? 'Create your first draft to get started' : 'Wait for an admin to create a draft'}
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {recent.map((draft) => (
            <li key={draft._id} className="flex flex-wrap items-center gap-3 px-5 py-4 sm:flex-nowrap">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{draft.name}</p>
                <p className="mt-0.5 flex items-center gap-3 text-sm text-slate-500">
                  <span className="inline-flex items-center gap-1">
                    <Users aria-hidden="true" className="size-3.5" />
                    {draft.teams.length} {draft.teams.length === 1 ? 'team' : 'teams'}
                  </span>
                  <span aria-hidden="true">·</span>
                  <span>Round {draft.currentRound}</span>
                </p>
              </div>
              <StatusBadge status={draft.status} />
              {draft.status === 'active' && (
                <Link
                  to={`/draft/${draft._id}`}
                  aria-label={`Join ${draft.name}`}
                  className="inline-flex items-center gap-1.5 rounded-md bg-green-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-green-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-600"
                >
                  Join
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
