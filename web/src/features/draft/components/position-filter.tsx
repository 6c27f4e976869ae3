import clsx from 'clsx';
import { POSITION_FILTERS, type PositionFilter } from '../use-player-search.js';

/** The position filter buttons ALL, QB, RB, WR, TE, K, DEF; the active one is pressed. */
export function PositionFilterButtons({
  value,
  onChange,
}: {
  value: PositionFilter;
  onChange: (position: PositionFilter) => void;
}) {
  return (
    <div role="group" aria-label="Filter by position" className="flex flex-wrap gap-1.5">
      {POSITION_FILTERS.map((position) => {
        const active = position === value;
        return (
          <button
            key={position}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(position)}
            className={clsx(
              'min-w-11 rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              active
                ? 'bg-indigo-600 text-white shadow-sm'
                : 'bg-white text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50',
            )}
          >
            {position}
          </button>
        );
      })}
    </div>
  );
}
