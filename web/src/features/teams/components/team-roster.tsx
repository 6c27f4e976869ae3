import type { RosterPlayer } from '@auction/contracts';
import { formatDollars } from '../../../shared/ui/budget.js';
import { groupRosterByPosition } from '../roster-grouping.js';

export function TeamRoster({ players }: { players: readonly RosterPlayer[] }) {
  if (players.length === 0) {
    return <p className="py-4 text-center text-sm text-slate-500">No players drafted yet</p>;
  }
  const groups = groupRosterByPosition(players);
  return (
    <div className="space-y-4">
      {groups.map((group) => (
        <section key={group.position} aria-label={`${group.position} players`}>
          <header className="mb-1.5 flex items-center justify-between text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <h3>
              {group.position} <span className="font-normal normal-case">({group.count})</span>
            </h3>
            <span className="tabular-nums">{formatDollars(group.totalCost)}</span>
          </header>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
            {group.players.map((player, index) => (
              <li
                key={`${player.playerId}-${index}`}
                className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{player.playerName}</p>
                  <p className="text-xs text-slate-500">
                    {player.position || 'Unknown'} · {player.team || 'FA'}
                  </p>
                </div>
                <span className="shrink-0 font-semibold text-slate-900 tabular-nums">
                  {formatDollars(player.cost)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
