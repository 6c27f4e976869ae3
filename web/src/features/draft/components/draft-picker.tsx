import type { Draft } from '@auction/contracts';
import { ChevronRight, ClipboardList } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../../../shared/ui/card.js';
import { EmptyState } from '../../../shared/ui/empty-state.js';
import { StatusBadge } from '../../../shared/ui/status-badge.js';

/** Shown on /draft when no draft is active: every draft, to open one. */
export function DraftPicker({ drafts }: { drafts: readonly Draft[] }) {
  return (
    <Card title="Choose a draft" flush>
      {drafts.length === 0 ? (
        <EmptyState
          icon={ClipboardList}
          title="No drafts available"
          hint="Wait for an admin to create a draft"
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {drafts.map((draft) => (
            <li key={draft._id}>
              <Link
                to={`/draft/${draft._id}`}
                className="flex items-center gap-3 px-5 py-4 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{draft.name}</p>
                  <p className="text-sm text-slate-500">
                    {draft.teams.length} teams · Round {draft.currentRound}
                  </p>
                </div>
                <StatusBadge status={draft.status} />
                <ChevronRight aria-hidden="true" className="size-5 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
