import type { Player, QueuedPlayer } from '@auction/contracts';
import { ArrowDown, ArrowUp, GripVertical, ListPlus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../shared/ui/button.js';
import { Card } from '../../../shared/ui/card.js';
import { useGetNominationQueueQuery, useSetNominationQueueMutation } from '../api/nomination-queue.api.js';
import { moveEntry } from '../queue-order.js';

export const QUEUE_TEXTS = {
  title: 'My nomination queue',
  empty:
    'Queue players from Available Players: when your nomination clock runs out, the first one still available goes up for $1.',
  failed: 'Failed to save the queue',
} as const;

function messageOf(error: unknown): string {
  const message = (error as { data?: { message?: unknown } } | null)?.data?.message;
  return typeof message === 'string' ? message : QUEUE_TEXTS.failed;
}

/**
 * The team's private nomination queue (issue 13, part 2; docs/adr/0018): add the selected player, reorder by drag
 * and drop (or the up/down buttons, for keyboards and screen readers), remove. Every change saves the whole queue.
 */
export function NominationQueuePanel({
  draftId,
  teamId,
  candidate,
  refreshKey = '',
}: {
  draftId: string;
  teamId: string;
  /** The player last selected in Available Players. */
  candidate: Player | null;
  /**
   * Changes when players may have been taken (start, a nomination, a sale): the queue is read again, so players
   * picked meanwhile show as drafted. No live event carries the queue (it is private).
   */
  refreshKey?: string;
}) {
  const { data, refetch } = useGetNominationQueueQuery({ draftId, teamId });
  const seenKey = useRef(refreshKey);
  useEffect(() => {
    if (seenKey.current === refreshKey) return;
    seenKey.current = refreshKey;
    void refetch();
  }, [refreshKey, refetch]);
  const [save, { isLoading }] = useSetNominationQueueMutation();
  const [dragged, setDragged] = useState<number | null>(null);
  const queue: QueuedPlayer[] = data?.players ?? [];
  const ids = queue.map((player) => player.playerId);

  const store = async (playerIds: string[]) => {
    try {
      await save({ draftId, teamId, playerIds }).unwrap();
    } catch (error) {
      toast.error(messageOf(error));
    }
  };
  const move = (from: number, to: number) => void store(moveEntry(ids, from, to));
  const canAdd = candidate !== null && !ids.includes(candidate.playerId);

  return (
    <Card
      title={QUEUE_TEXTS.title}
      actions={
        <Button
          size="sm"
          variant="secondary"
          disabled={!canAdd}
          loading={isLoading}
          icon={<ListPlus aria-hidden="true" className="size-4" />}
          onClick={() => candidate && void store([...ids, candidate.playerId])}
        >
          {candidate ? `Queue ${candidate.name}` : 'Queue player'}
        </Button>
      }
    >
      {queue.length === 0 ? (
        <p className="text-sm text-slate-500">{QUEUE_TEXTS.empty}</p>
      ) : (
        <ol aria-label="Nomination queue" className="space-y-1">
          {queue.map((player, index) => (
            <li
              key={player.playerId}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null && dragged !== index) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className="flex items-center gap-2 rounded-md px-2 py-1 text-sm ring-1 ring-slate-200"
            >
              <GripVertical aria-hidden="true" className="size-4 cursor-grab text-slate-400" />
              <span className="w-5 text-slate-500 tabular-nums">{index + 1}.</span>
              <span className={player.available ? 'text-slate-900' : 'text-slate-400 line-through'}>
                {player.playerName}
              </span>
              <span className="text-xs text-slate-500">
                {player.position} {player.nflTeam}
                {!player.available && ' · drafted'}
              </span>
              <span className="ml-auto flex gap-1">
                <button
                  type="button"
                  aria-label={`Move ${player.playerName} up`}
                  disabled={index === 0 || isLoading}
                  onClick={() => move(index, index - 1)}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 disabled:opacity-40"
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={`Move ${player.playerName} down`}
                  disabled={index === queue.length - 1 || isLoading}
                  onClick={() => move(index, index + 1)}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 disabled:opacity-40"
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${player.playerName} from the queue`}
                  disabled={isLoading}
                  onClick={() => void store(ids.filter((id) => id !== player.playerId))}
                  className="rounded p-1 text-slate-500 hover:bg-slate-100 disabled:opacity-40"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
