import type { Draft } from '@auction/contracts';
import { Archive, History, Play, Trash2, Trophy, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, Card, EmptyState, StatusBadge } from '../../../shared/ui/index.js';
import { canAssignTeams, canStartDraft } from '../draft-rules.js';

export interface DraftManagementProps {
  drafts: readonly Draft[];
  onStart: (draft: Draft) => void;
  onAssignTeams: (draft: Draft) => void;
  /** Opens the draft's keepers (before the start only); absent: no Keepers button. */
  onKeepers?: (draft: Draft) => void;
  onDelete: (draft: Draft) => void;
  /** The draft whose Start request is running, if any. */
  startingDraftId?: string | null;
}

function teamCountText(count: number): string {
  return count === 1 ? '1 team' : `${count} teams`;
}

export function DraftManagement({
  drafts,
  onStart,
  onAssignTeams,
  onKeepers,
  onDelete,
  startingDraftId,
}: DraftManagementProps) {
  return (
    <Card title="Draft Management" flush aria-label="Draft Management">
      {drafts.length === 0 ? (
        <EmptyState
          title="No drafts created yet"
          icon={Trophy}
          hint="Use Create Draft to set up the first one."
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {drafts.map((draft) => (
            <DraftRow
              key={draft._id}
              draft={draft}
              starting={startingDraftId === draft._id}
              onStart={onStart}
              onAssignTeams={onAssignTeams}
              onKeepers={onKeepers}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

interface DraftRowProps extends Omit<DraftManagementProps, 'drafts' | 'startingDraftId'> {
  draft: Draft;
  starting: boolean;
}

function DraftRow({ draft, starting, onStart, onAssignTeams, onKeepers, onDelete }: DraftRowProps) {
  const teamCount = draft.teams.length;
  return (
    <li
      aria-label={draft.name}
      className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate font-medium text-slate-900">{draft.name}</h3>
          <StatusBadge status={draft.status} />
        </div>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-500">
          <span>{teamCountText(teamCount)}</span>
          <span aria-hidden="true">•</span>
          <span>Round {draft.currentRound}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
        {canStartDraft(draft) && (
          <Button
            size="sm"
            icon={<Play aria-hidden="true" className="size-4" />}
            loading={starting}
            onClick={() => onStart(draft)}
          >
            Start
          </Button>
        )}
        {canAssignTeams(draft) && (
          <Button
            size="sm"
            variant="secondary"
            icon={<Users aria-hidden="true" className="size-4" />}
            onClick={() => onAssignTeams(draft)}
          >
            Teams ({teamCount})
          </Button>
        )}
        {onKeepers && draft.status === 'created' && teamCount > 0 && (
          <Button
            size="sm"
            variant="secondary"
            icon={<Archive aria-hidden="true" className="size-4" />}
            onClick={() => onKeepers(draft)}
          >
            Keepers
          </Button>
        )}
        <Link
          to={`/admin/drafts/${encodeURIComponent(draft._id)}/audit`}
          className="inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          <History aria-hidden="true" className="size-4" />
          Audit
        </Link>
        <Button
          size="sm"
          variant="danger"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={() => onDelete(draft)}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
