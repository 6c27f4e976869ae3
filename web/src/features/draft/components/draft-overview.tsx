import type { Draft } from '@auction/contracts';
import { Crown, DollarSign, Hash, Users } from 'lucide-react';
import { Card } from '../../../shared/ui/card.js';
import { EmptyState } from '../../../shared/ui/empty-state.js';
import { StatusBadge } from '../../../shared/ui/status-badge.js';
import { formatDollars } from '../../../shared/ui/budget.js';

/** The draft's name, status and teams; the live draft room replaces this in the next iteration. */
export function DraftOverview({ draft, currentUserId }: { draft: Draft; currentUserId: string | undefined }) {
  const picksTarget = draft.settings.teamsCount * draft.settings.playersPerTeam;
  const turnTeam = draft.currentTeamTurn;
  const ownTurn = Boolean(
    currentUserId &&
    turnTeam &&
    draft.teams.some((team) => team._id === turnTeam._id && team.ownerId?._id === currentUserId),
  );
  // Spec (draft room header): 'Your Turn!' for the user's own team, otherwise the team name followed by 's Turn.
  const turnText = turnTeam ? (ownTurn ? 'Your Turn!' : `${turnTeam.name}'s Turn`) : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="truncate text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {draft.name}
            </h1>
            <StatusBadge status={draft.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">
            Round {draft.currentRound} · {draft.totalPicks} of {picksTarget} picks made
            {turnText && (
              <>
                {' · '}
                <span className="font-semibold text-slate-900">{turnText}</span>
              </>
            )}
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Setting icon={Users} label="Teams" value={`${draft.teams.length} / ${draft.settings.teamsCount}`} />
        <Setting icon={Hash} label="Players per team" value={String(draft.settings.playersPerTeam)} />
        <Setting
          icon={DollarSign}
          label="Budget per team"
          value={formatDollars(draft.settings.budgetPerTeam)}
        />
        <Setting icon={Hash} label="Type" value={draft.settings.draftType} />
      </dl>

      <Card title="Teams" flush>
        {draft.teams.length === 0 ? (
          <EmptyState
            icon={Users}
            title="No teams assigned"
            hint="An admin assigns teams before the draft starts."
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {draft.teams.map((team) => {
              const isOwn = Boolean(currentUserId && team.ownerId?._id === currentUserId);
              const hasTurn = draft.currentTeamTurn?._id === team._id;
              return (
                <li key={team._id} className="flex items-center gap-3 px-5 py-3">
                  <span
                    aria-hidden="true"
                    className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-700 text-sm font-bold text-white uppercase"
                  >
                    {team.name.charAt(0)}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900">
                      {team.name}
                      {isOwn && <span className="ml-2 text-xs font-semibold text-indigo-600">(You)</span>}
                    </p>
                    <p className="flex items-center gap-1 text-sm text-slate-500">
                      Team #{team.teamNumber}
                      {team.ownerId && (
                        <>
                          <span aria-hidden="true">·</span>
                          <Crown aria-hidden="true" className="size-3.5 text-amber-500" />
                          {team.ownerId.username}
                        </>
                      )}
                    </p>
                  </div>
                  {hasTurn && (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-700">
                      On the clock
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Card>
    </div>
  );
}

function Setting({ icon: Icon, label, value }: { icon: typeof Users; label: string; value: string }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900 capitalize">{value}</dd>
    </div>
  );
}
