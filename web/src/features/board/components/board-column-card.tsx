import clsx from 'clsx';
import { budgetColourClass, formatDollars } from '../../../shared/ui/budget.js';
import { PositionBadge } from '../../../shared/ui/position-badge.js';
import type { BoardColumn } from '../board-view.js';

/** One team on the board: money left, max bid, slots by position, then its picks with position colour and cost. */
export function BoardColumnCard({
  column,
  own,
  onClock,
}: {
  column: BoardColumn;
  own: boolean;
  onClock: boolean;
}) {
  return (
    <section
      aria-label={column.name}
      data-own={own || undefined}
      aria-current={onClock ? 'true' : undefined}
      className={clsx(
        'flex w-60 shrink-0 flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200',
        own && 'ring-2 ring-indigo-500',
      )}
    >
      <header className={clsx('border-b border-slate-100 px-4 py-3', onClock && 'bg-amber-50')}>
        {/* A long name is cut short, never the "(You)" after it. */}
        <h2 className="flex min-w-0 text-sm font-semibold text-slate-900">
          <span className="truncate">{column.name}</span>
          {own && <span className="shrink-0 font-medium whitespace-pre text-indigo-600"> (You)</span>}
        </h2>
        <p className="text-xs text-slate-500">
          Team #{column.teamNumber}
          {onClock && <span className="ml-2 font-semibold text-amber-700">On the clock</span>}
        </p>
        <dl className="mt-2 grid grid-cols-2 gap-x-2 gap-y-1 text-xs">
          <dt className="text-slate-500">Money left</dt>
          <dd
            aria-label="Money left"
            className={clsx('text-right font-bold tabular-nums', budgetColourClass(column.remaining))}
          >
            {formatDollars(column.remaining)}
          </dd>
          <dt className="text-slate-500">Max bid</dt>
          <dd aria-label="Max bid" className="text-right font-semibold text-slate-900 tabular-nums">
            {formatDollars(column.maxBid)}
          </dd>
          <dt className="text-slate-500">Open slots</dt>
          <dd aria-label="Open slots" className="text-right font-semibold text-slate-900 tabular-nums">
            {column.openSlots} of {column.rosterSize}
          </dd>
        </dl>
        <ul aria-label="Drafted by position" className="mt-2 flex flex-wrap gap-1">
          {column.byPosition.map(({ position, count }) => (
            <li
              key={position}
              aria-label={`${position}: ${count}`}
              className="flex items-center gap-0.5 text-xs"
            >
              <PositionBadge position={position} className={clsx('min-w-7', count === 0 && 'opacity-40')} />
              <span className="tabular-nums text-slate-700">{count}</span>
            </li>
          ))}
        </ul>
      </header>
      {column.picks.length === 0 ? (
        <p className="px-4 py-3 text-xs text-slate-400">No picks yet</p>
      ) : (
        <ol aria-label={`${column.name} picks`} className="divide-y divide-slate-100">
          {column.picks.map((pick) => (
            <li key={pick._id} className="flex items-center gap-2 px-4 py-2 text-sm">
              <PositionBadge position={pick.position} />
              <span className="min-w-0 flex-1 truncate text-slate-900">{pick.playerName}</span>
              <span className="font-semibold text-slate-700 tabular-nums">{formatDollars(pick.cost)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
