import type { Draft } from '@auction/contracts';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button, Modal } from '../../../shared/ui/index.js';
import {
  useAddKeeperMutation,
  useGetKeepersQuery,
  useRemoveKeeperMutation,
  useSearchKeeperCandidatesQuery,
} from '../api/keepers.api.js';
import { teamLabel } from '../../../shared/ui/team-label.js';

export const KEEPER_TOASTS = {
  added: (name: string, cost: number) => `Keeper added: ${name} for $${cost}`,
  removed: 'Keeper removed',
} as const;

const inputClass =
  'block w-full rounded-md border-0 px-2 py-1.5 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600';

/**
 * Keepers of a draft before its start (issue 13, part 6): each joins its team's roster as a keeper pick at its cost,
 * so the team's budget and open slots shrink. The server enforces the max-bid rule; its message is the toast.
 */
export function KeepersModal({
  draft,
  onClose,
}: {
  draft: Pick<Draft, '_id' | 'name' | 'teams'>;
  onClose: () => void;
}) {
  const ids = { team: useId(), search: useId(), player: useId(), cost: useId() };
  const { data } = useGetKeepersQuery(draft._id);
  const [teamId, setTeamId] = useState(draft.teams[0]?._id ?? '');
  const [search, setSearch] = useState('');
  const [playerId, setPlayerId] = useState('');
  const [costText, setCostText] = useState('1');
  const { data: candidates = [] } = useSearchKeeperCandidatesQuery(
    { draftId: draft._id, q: search },
    { skip: search.trim().length < 2 },
  );
  const [addKeeper, adding] = useAddKeeperMutation();
  const [removeKeeper] = useRemoveKeeperMutation();
  const keepers = data?.keepers ?? [];
  const cost = Number(costText);

  const add = async () => {
    try {
      await addKeeper({ draftId: draft._id, teamId, playerId, cost }).unwrap();
      const name = candidates.find((player) => player.playerId === playerId)?.name ?? playerId;
      toast.success(KEEPER_TOASTS.added(name, cost));
      setPlayerId('');
    } catch {
      // The central error toast shows the server's message (max bid, roster full, already kept).
    }
  };

  return (
    <Modal title={`Keepers — ${draft.name}`} onClose={onClose}>
      <div className="space-y-4">
        {keepers.length === 0 ? (
          <p className="text-sm text-slate-500">No keepers yet.</p>
        ) : (
          <ul aria-label="Keepers" className="divide-y divide-slate-100 text-sm">
            {keepers.map((keeper) => (
              <li key={keeper._id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  {keeper.playerName} ({keeper.position}) — {keeper.teamId.name} — ${keeper.cost}
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Remove keeper ${keeper.playerName}`}
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                  onClick={() =>
                    void removeKeeper({ draftId: draft._id, playerId: keeper.playerId })
                      .unwrap()
                      .then(() => toast.success(KEEPER_TOASTS.removed))
                      .catch(() => undefined)
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <label htmlFor={ids.team} className="text-sm font-medium text-slate-700">
            Team
            <select
              id={ids.team}
              value={teamId}
              onChange={(e) => setTeamId(e.target.value)}
              className={inputClass}
            >
              {draft.teams.map((team) => (
                <option key={team._id} value={team._id}>
                  {teamLabel(team)}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.search} className="text-sm font-medium text-slate-700">
            Find player
            <input
              id={ids.search}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className={inputClass}
            />
          </label>
          <label htmlFor={ids.player} className="text-sm font-medium text-slate-700">
            Player
            <select
              id={ids.player}
              value={playerId}
              onChange={(e) => setPlayerId(e.target.value)}
              className={inputClass}
            >
              <option value="">-- Select a player --</option>
              {candidates.map((player) => (
                <option key={player.playerId} value={player.playerId}>
                  {player.name} ({player.position} {player.team ?? 'FA'})
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={ids.cost} className="text-sm font-medium text-slate-700">
            Keeper cost
            <input
              id={ids.cost}
              type="number"
              min={1}
              step={1}
              value={costText}
              onChange={(e) => setCostText(e.target.value)}
              className={inputClass}
            />
          </label>
          <div className="sm:col-span-2">
            <Button
              type="submit"
              disabled={!teamId || !playerId || !Number.isInteger(cost)}
              loading={adding.isLoading}
            >
              Add keeper
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
