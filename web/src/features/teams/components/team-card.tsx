import type { Team } from '@auction/contracts';
import clsx from 'clsx';
import { ChevronDown, Crown, UserX } from 'lucide-react';
import { useId, useState } from 'react';
import { budgetBarClass, budgetColourClass, formatDollars } from '../../../shared/ui/budget.js';
import { budgetUsedPercent } from '../roster-grouping.js';
import { TeamRoster } from './team-roster.js';

export function TeamCard({ team, isOwn }: { team: Team; isOwn: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const rosterId = useId();
  const { budget } = team;
  const usedPercent = budgetUsedPercent(budget.spent, budget.total);

  return (
    <article
      className={clsx(
        'overflow-hidden rounded-xl bg-white shadow-sm ring-1 transition-shadow hover:shadow-md',
        isOwn ? 'ring-2 ring-indigo-500' : 'ring-slate-200',
      )}
    >
      <div className="p-5">
        <div className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={clsx(
              'flex size-12 shrink-0 items-center justify-center rounded-xl text-lg font-bold text-white uppercase',
              isOwn ? 'bg-indigo-600' : 'bg-slate-700',
            )}
          >
            {team.name.charAt(0)}
          </span>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate text-lg font-semibold text-slate-900">{team.name}</h2>
              {isOwn && (
                <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-700">
                  Your Team
                </span>
              )}
            </div>
            <p className="text-sm text-slate-500">Team #{team.teamNumber}</p>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
              {team.ownerId ? (
                <>
                  <Crown aria-label="Owner" className="size-4 text-amber-500" />
                  <span className="truncate">{team.ownerId.username}</span>
                </>
              ) : (
                <>
                  <UserX aria-hidden="true" className="size-4 text-slate-400" />
                  <span className="text-slate-400">No owner</span>
                </>
              )}
            </p>
          </div>
        </div>

        <dl className="mt-4 grid grid-cols-4 gap-2 text-center">
          <Stat label="Players" value={String(team.players.length)} />
          <Stat label="Spent" value={formatDollars(budget.spent)} />
          <Stat label="Slots left" value={String(team.slotsRemaining)} />
          <Stat
            label="Remaining"
            value={formatDollars(budget.remaining)}
            valueClass={budgetColourClass(budget.remaining)}
          />
        </dl>

        <div className="mt-4">
          <div className="mb-1 flex justify-between text-xs text-slate-500">
            <span>Budget {formatDollars(budget.total)}</span>
            <span>{usedPercent.toFixed(1)}% used</span>
          </div>
          <div
            role="progressbar"
            aria-label={`${team.name} budget used`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Number(usedPercent.toFixed(1))}
            className="h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className={clsx('h-full rounded-full transition-all', budgetBarClass(budget.remaining))}
              style={{ width: `${usedPercent}%` }}
            />
          </div>
        </div>
      </div>

      <button
        type="button"
        onClick={() => setExpanded((open) => !open)}
        aria-expanded={expanded}
        aria-controls={rosterId}
        className="flex w-full items-center justify-center gap-1.5 border-t border-slate-100 px-5 py-2.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        {expanded ? 'Hide roster' : `View roster (${team.players.length})`}
        <span className="sr-only"> of {team.name}</span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 transition-transform', expanded && 'rotate-180')}
        />
      </button>

      <div id={rosterId} hidden={!expanded} className="border-t border-slate-100 bg-slate-50/60 px-5 py-4">
        {expanded && <TeamRoster players={team.players} />}
      </div>
    </article>
  );
}

function Stat({ label, value, valueClass }: { label: string; value: string; valueClass?: string }) {
  return (
    <div className="rounded-lg bg-slate-50 px-1 py-2">
      <dt className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={clsx('text-sm font-bold tabular-nums sm:text-base', valueClass ?? 'text-slate-900')}>
        {value}
      </dd>
    </div>
  );
}
