import { PLAYER_QUERY_MAX, type Player, type Team } from '@auction/contracts';
import { MIN_BID, rosterSize } from '@auction/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import clsx from 'clsx';
import { Search, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useAssignPlayerMutation } from '../api/assign-player.api.js';
import { useSearchPlayersQuery } from '../api/players.api.js';
import { useDebouncedValue } from '../../../shared/hooks/use-debounced-value.js';
import { budgetColourClass, formatDollars } from '../../../shared/ui/budget.js';
import { Button } from '../../../shared/ui/button.js';
import { Modal } from '../../../shared/ui/modal.js';
import { PositionBadge } from '../../../shared/ui/position-badge.js';
import { Spinner } from '../../../shared/ui/spinner.js';
import {
  ASSIGN_SEARCH_LIMIT,
  ASSIGN_TEXTS,
  assignProblem,
  isRosterFull,
  lacksBudget,
  parseCost,
} from '../assign-rules.js';
import { proTeamText } from '../player-format.js';
import { teamLabel } from '../../../shared/ui/team-label.js';

export interface AssignPlayerModalProps {
  draftId: string;
  teams: readonly Team[];
  playersPerTeam: number;
  onClose: () => void;
  /** Called once the assignment succeeded (the room reloads the page about a second later). */
  onAssigned: () => void;
  debounceMs?: number;
}

/**
 * Admins: search an undrafted player, pick a team and a cost, assign ("Assign Player to Team" in docs/product.md §2.6
 * (Draft room)).
 */
export function AssignPlayerModal({
  draftId,
  teams,
  playersPerTeam,
  onClose,
  onAssigned,
  debounceMs = 250,
}: AssignPlayerModalProps) {
  const costId = useId();
  const reasonId = useId();
  const [typed, setTyped] = useState('');
  const query = useDebouncedValue(typed.trim(), debounceMs);
  const [player, setPlayer] = useState<Player | null>(null);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [costText, setCostText] = useState('1');
  const [assign, { isLoading }] = useAssignPlayerMutation();
  const search = useSearchPlayersQuery(
    query ? { q: query, limit: ASSIGN_SEARCH_LIMIT, available: true, draftId } : skipToken,
  );
  useEffect(() => {
    // docs/product.md §8.4 (Failure toasts): unlike the draft room's grid, a failed search in this panel says so.
    if (!search.error) return;
    console.error(ASSIGN_TEXTS.searchFailed, search.error);
    toast.error(ASSIGN_TEXTS.searchFailed);
  }, [search.error]);
  // docs/product.md §2.6 (Draft room): the panel hides players already drafted (in this draft: the search names it),
  // whatever the server sent.
  const results = (search.currentData?.players ?? []).filter((candidate) => !candidate.isDrafted);
  const team = teams.find((candidate) => candidate._id === teamId) ?? null;
  const cost = parseCost(costText);
  const problem = assignProblem({ hasPlayer: player !== null, team, cost, playersPerTeam });
  const limit = rosterSize(playersPerTeam);

  const chooseTeam = (candidate: Team) => {
    if (isRosterFull(candidate, playersPerTeam)) {
      toast.error(ASSIGN_TEXTS.rosterFullToast(candidate.name, candidate.players.length, limit));
      return;
    }
    if (lacksBudget(candidate, cost)) {
      toast.error(ASSIGN_TEXTS.budgetToast(candidate.name, candidate.budget.remaining));
    }
    setTeamId(candidate._id);
  };

  const submit = async () => {
    if (problem || !player || !team) return;
    try {
      await assign({ playerId: player.playerId, teamId: team._id, cost, draftId }).unwrap();
    } catch (error) {
      console.error('Failed to assign player to team', error);
      toast.error(ASSIGN_TEXTS.failed);
      return;
    }
    toast.success(ASSIGN_TEXTS.assigned(player.name, team.name, cost));
    onClose();
    onAssigned();
  };

  return (
    <Modal
      title={ASSIGN_TEXTS.title}
      size="lg"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => void submit()}
            disabled={problem !== null}
            loading={isLoading}
            aria-describedby={problem ? reasonId : undefined}
            icon={<UserPlus aria-hidden="true" className="size-4" />}
          >
            Assign Player
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              type="search"
              aria-label="Search players to assign"
              placeholder="Search players to assign..."
              value={typed}
              maxLength={PLAYER_QUERY_MAX}
              onChange={(event) => setTyped(event.target.value)}
              className="block w-full rounded-lg border-0 py-2 pr-3 pl-9 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset"
            />
          </div>
          {query && search.isFetching && !search.currentData && (
            <div className="mt-2">
              <Spinner size="sm" label="Searching players..." />
            </div>
          )}
          {query && search.currentData && results.length === 0 && (
            <p className="mt-2 text-sm text-slate-500">No undrafted players match “{query}”.</p>
          )}
          {results.length > 0 && (
            <ul
              aria-label="Players to assign"
              className="mt-2 max-h-48 divide-y divide-slate-100 overflow-y-auto"
            >
              {results.map((candidate) => (
                <li key={candidate._id}>
                  <button
                    type="button"
                    aria-pressed={player?._id === candidate._id}
                    onClick={() => setPlayer(candidate)}
                    className={clsx(
                      'flex w-full items-center gap-2 px-2 py-1.5 text-left text-sm',
                      player?._id === candidate._id ? 'bg-indigo-50 font-semibold' : 'hover:bg-slate-50',
                    )}
                  >
                    <span className="flex-1 truncate">{candidate.name}</span>
                    <PositionBadge position={candidate.position} />
                    <span className="w-10 text-slate-500">{proTeamText(candidate.team)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {player && (
            <p className="mt-2 text-sm text-slate-700">
              Selected: <span className="font-semibold">{player.name}</span>
            </p>
          )}
        </div>

        <div role="group" aria-label="Choose a team" className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {teams.map((candidate) => {
            const full = isRosterFull(candidate, playersPerTeam);
            const poor = !full && lacksBudget(candidate, cost);
            return (
              <button
                key={candidate._id}
                type="button"
                aria-pressed={candidate._id === teamId}
                onClick={() => chooseTeam(candidate)}
                className={clsx(
                  'rounded-lg p-3 text-left text-sm ring-1 ring-inset',
                  candidate._id === teamId
                    ? 'bg-indigo-50 ring-2 ring-indigo-500'
                    : 'ring-slate-200 hover:bg-slate-50',
                  (full || poor) && 'opacity-70',
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{teamLabel(candidate)}</span>
                  {full && (
                    <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-700">
                      {ASSIGN_TEXTS.rosterFullLabel}
                    </span>
                  )}
                  {poor && (
                    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800">
                      {ASSIGN_TEXTS.insufficientBudgetLabel}
                    </span>
                  )}
                </span>
                <span className="mt-1 flex justify-between text-xs text-slate-500">
                  <span>
                    {candidate.players.length}/{limit} players
                  </span>
                  <span className={budgetColourClass(candidate.budget.remaining)}>
                    {formatDollars(candidate.budget.remaining)} left
                  </span>
                </span>
              </button>
            );
          })}
        </div>

        <div className="w-40">
          <label htmlFor={costId} className="mb-1 block text-sm font-medium text-slate-700">
            Cost
          </label>
          <input
            id={costId}
            type="number"
            inputMode="numeric"
            min={MIN_BID}
            max={team?.budget.remaining}
            step={1}
            value={costText}
            onChange={(event) => setCostText(event.target.value)}
            className="block w-full rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset"
          />
        </div>
        {problem && (
          <p id={reasonId} role="note" className="text-sm text-slate-500">
            {problem}
          </p>
        )}
      </div>
    </Modal>
  );
}
