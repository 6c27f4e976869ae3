import type { Team } from '@auction/contracts';
import { Shield, UserX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { budgetColourClass, formatDollars } from '../../../shared/ui/budget.js';
import { Card } from '../../../shared/ui/card.js';
import { EmptyState } from '../../../shared/ui/empty-state.js';
import { LoadingState } from '../../../shared/ui/spinner.js';

export function YourTeamCard({ team, loading }: { team: Team | undefined; loading: boolean }) {
  return (
    <Card title="Your Team">
      {loading ? (
        <LoadingState />
      ) : !team ? (
        <EmptyState
          icon={UserX}
          title="No team assigned"
          hint="Contact an admin to assign you to a team"
          className="py-6"
        />
      ) : (
        <div className="space-y-5">
          <div className="flex items-center gap-3">
            <span className="flex size-12 items-center justify-center rounded-xl bg-indigo-600 text-lg font-bold text-white uppercase">
              {team.name.charAt(0)}
            </span>
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold text-slate-900">{team.name}</p>
              <p className="text-sm text-slate-500">Team #{team.teamNumber}</p>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs font-medium text-slate-500">Players</dt>
              <dd className="text-xl font-bold text-slate-900 tabular-nums">{team.players.length}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs font-medium text-slate-500">Remaining budget</dt>
              <dd className={`text-xl font-bold tabular-nums ${budgetColourClass(team.budget.remaining)}`}>
                {formatDollars(team.budget.remaining)}
              </dd>
            </div>
          </dl>
          <Link
            to="/teams"
            className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            <Shield aria-hidden="true" className="size-4" />
            View Team Details
          </Link>
        </div>
      )}
    </Card>
  );
}
