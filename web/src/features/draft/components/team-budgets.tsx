import type { Team } from '@auction/contracts';
import clsx from 'clsx';
import { budgetColourClass, formatDollars } from '../../../shared/ui/budget.js';
import { Card } from '../../../shared/ui/card.js';

/**
 * 'Team Budgets': each team's name, '(You)' for the user's team, players over playersPerTeam and remaining dollars
 * (red under 50, amber under 100, else green). The team on the clock and the user's team are highlighted.
 */
export function TeamBudgets({
  teams,
  playersPerTeam,
  ownTeamId,
  turnTeamId,
  showKeepers = false,
}: {
  teams: readonly Team[];
  playersPerTeam: number;
  ownTeamId: string | null;
  turnTeamId: string | null;
  /** Before the start every rostered player is a keeper (ADR 0018): list them under their team. */
  showKeepers?: boolean;
}) {
  const ordered = [...teams].sort((a, b) => a.teamNumber - b.teamNumber);
  return (
    <Card title="Team Budgets" flush>
      {ordered.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500">No teams in this draft yet</p>
      ) : (
        <ul aria-label="Team budgets" className="divide-y divide-slate-100">
          {ordered.map((team) => {
            const own = team._id === ownTeamId;
            const onClock = team._id === turnTeamId;
            return (
              <li
                key={team._id}
                aria-current={onClock ? 'true' : undefined}
                data-own={own || undefined}
                className={clsx(
                  'flex items-center justify-between gap-3 px-5 py-3',
                  onClock && 'bg-amber-50',
                  own && 'border-l-4 border-indigo-500',
                )}
              >
                <div className="min-w-0">
                  {/* A long name is cut short, never the "(You)" after it. */}
                  <p className="flex min-w-0 text-sm font-semibold text-slate-900">
                    <span className="truncate">{team.name}</span>
                    {own && (
                      <span className="shrink-0 font-medium whitespace-pre text-indigo-600"> (You)</span>
                    )}
                  </p>
                  <p className="text-xs text-slate-500">
                    {team.players.length}/{playersPerTeam} players
                    {onClock && <span className="ml-2 font-semibold text-amber-700">On the clock</span>}
                  </p>
                  {showKeepers && team.players.length > 0 && (
                    <p className="text-xs text-slate-600" aria-label={`Keepers of ${team.name}`}>
                      Keepers:{' '}
                      {team.players.map((player) => `${player.playerName} ($${player.cost})`).join(', ')}
                    </p>
                  )}
                </div>
                <span
                  className={clsx('text-sm font-bold tabular-nums', budgetColourClass(team.budget.remaining))}
                >
                  {formatDollars(team.budget.remaining)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
