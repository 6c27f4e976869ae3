import type { ReplayTeam } from '@auction/contracts';

/** Every team's budget and roster as the draft stood at the scrubbed event. */
export function StandingsAtPoint({ teams }: { teams: readonly ReplayTeam[] }) {
  if (teams.length === 0) return <p className="text-sm text-slate-500">No teams assigned at this point.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {teams.map(({ team, budget, slots, roster }) => (
        <li key={team._id} aria-label={team.name} className="rounded-lg p-3 ring-1 ring-slate-200">
          <div className="flex items-baseline justify-between gap-2">
            <h3 className="min-w-0 font-medium wrap-anywhere text-slate-900">{team.name}</h3>
            <span className="shrink-0 text-sm text-slate-600 tabular-nums">
              ${budget.remaining} left of ${budget.total}
            </span>
          </div>
          <p className="text-xs text-slate-500">
            Spent ${budget.spent} · max bid ${budget.maxBid} · {slots.filled}/{slots.total} players
          </p>
          {roster.length > 0 && (
            <ul className="mt-2 space-y-0.5 text-sm">
              {roster.map((entry) => (
                <li key={entry.pickId} className="flex justify-between gap-2">
                  {/* A long player name is cut short, never the position after it. */}
                  <span className="flex min-w-0">
                    <span className="truncate">{entry.playerName}</span>
                    <span className="shrink-0 whitespace-pre text-slate-500"> {entry.position}</span>
                  </span>
                  <span className="shrink-0 tabular-nums">${entry.cost}</span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
