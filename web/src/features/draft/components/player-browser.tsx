import { PLAYER_QUERY_MAX, type Player } from '@auction/contracts';
import clsx from 'clsx';
import { Search, SearchX, UserRoundSearch } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../shared/ui/button.js';
import { EmptyState } from '../../../shared/ui/empty-state.js';
import { Spinner } from '../../../shared/ui/spinner.js';
import { selectedPlayerToast } from '../player-format.js';
import { usePlayerSearch, type PositionFilter } from '../use-player-search.js';
import { PlayerCard } from './player-card.js';
import { PositionFilterButtons } from './position-filter.js';

export const SEARCH_PLACEHOLDER = 'Search available players...';

/** The search box, the position filter and the 'Available Players' grid of the draft room. */
export function PlayerBrowser({
  draftId,
  debounceMs,
  onSelect,
}: {
  /** The room's draft: the grid shows who is drafted in it. */
  draftId: string;
  debounceMs?: number;
  /** Also told about the selected player (the nomination panel takes it as its candidate). */
  onSelect?: (player: Player) => void;
}) {
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [position, setPosition] = useState<PositionFilter>('ALL');
  const result = usePlayerSearch(typed, position, draftId, debounceMs);

  // docs/product.md §2.6 (Draft room): clicking an undrafted card shows a toast; the room also offers the player for
  // nomination (ADR 0008).
  const select = useCallback(
    (player: Player) => {
      toast(selectedPlayerToast(player));
      onSelect?.(player);
    },
    [onSelect],
  );

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between">
        <div className="relative w-full xl:max-w-sm">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={SEARCH_PLACEHOLDER}
            aria-label={SEARCH_PLACEHOLDER}
            // The server refuses longer queries; no name is anywhere near this long.
            maxLength={PLAYER_QUERY_MAX}
            autoComplete="off"
            spellCheck={false}
            className="block w-full rounded-lg border-0 bg-white py-2 pr-3 pl-9 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset sm:text-sm sm:leading-6"
          />
        </div>
        <PositionFilterButtons value={position} onChange={setPosition} />
      </div>

      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Available Players
        </h2>
        <p className="flex items-center gap-2 text-sm text-slate-500" aria-live="polite">
          {result.pending && result.players && <Spinner size="sm" />}
          {result.players && countText(result.players.length, result.total, result.query)}
        </p>
      </div>

      <PlayerGrid result={result} position={position} onSelect={select} />
    </section>
  );
}

function countText(shown: number, total: number, query: string): string {
  if (shown === 0) return '';
  if (query) return `${shown} ${shown === 1 ? 'match' : 'matches'}`;
  return total > shown ? `Top ${shown} of ${total.toLocaleString('en-US')} by ADP` : `${shown} players`;
}

function PlayerGrid({
  result,
  position,
  onSelect,
}: {
  result: ReturnType<typeof usePlayerSearch>;
  position: PositionFilter;
  onSelect: (player: Player) => void;
}) {
  const { players, query } = result;
  if (result.problem) {
    return <EmptyState icon={SearchX} title="This search cannot be run" hint={result.problem} />;
  }
  if (!players) {
    if (result.isError) {
      return (
        <EmptyState
          icon={SearchX}
          title="Players could not be loaded"
          action={
            <Button variant="secondary" size="sm" onClick={result.retry}>
              Retry
            </Button>
          }
        />
      );
    }
    return (
      <div className="flex justify-center py-12">
        <Spinner size="md" label={query ? 'Searching players...' : 'Loading players...'} />
      </div>
    );
  }
  if (players.length === 0) {
    const where = position === 'ALL' ? '' : ` at ${position}`;
    return (
      <EmptyState
        icon={UserRoundSearch}
        title="No players found"
        hint={
          query
            ? `No players match “${query}”${where}. Check the spelling or try part of the name.`
            : `There are no players${where} in the pool yet. An admin can sync players from the Admin page.`
        }
      />
    );
  }
  return (
    <ul
      aria-busy={result.pending || undefined}
      className={clsx(
        'grid grid-cols-1 gap-3 transition-opacity sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3',
        result.pending && 'opacity-70',
      )}
    >
      {players.map((player) => (
        <li key={player._id}>
          <PlayerCard player={player} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}
