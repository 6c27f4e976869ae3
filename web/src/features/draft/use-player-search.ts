import { isStorableText, unstorableTextMessage, type Player, type PlayerPosition } from '@auction/contracts';
import { POSITIONS } from '@auction/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect } from 'react';
import {
  useListPlayersQuery,
  useSearchPlayersQuery,
  type ListPlayersArgs,
  type SearchPlayersArgs,
} from './api/players.api.js';
import { useDebouncedValue } from '../../shared/hooks/use-debounced-value.js';

/** docs/product.md §9 (Constants): the draft room asks for 50 players. */
export const DRAFT_ROOM_PLAYER_LIMIT = 50;
/** Typing asks the server once the user pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;

export const POSITION_FILTERS = ['ALL', ...POSITIONS] as const;
export type PositionFilter = (typeof POSITION_FILTERS)[number];

export interface PlayerSearchResult {
  /** The players answering exactly the current query; undefined until that answer is in. */
  players: Player[] | undefined;
  /** How many players match in all (more than `players` when the limit cut the list). */
  total: number;
  /** The query the shown players answer (trimmed, debounced): '' lists the pool best ADP first. */
  query: string;
  /** The typed text has not been asked yet, or the answer to it is on its way. */
  pending: boolean;
  isError: boolean;
  /** Why the typed text cannot be searched (the server's own rule, checked before asking it); null when it can. */
  problem: string | null;
  retry: () => void;
}

type Args = SearchPlayersArgs | ListPlayersArgs;

/** Whether an answer was asked with exactly these arguments. */
export function sameArgs(a: Args | undefined, b: Args): boolean {
  if (!a) return false;
  const q = (args: Args) => ('q' in args ? args.q : undefined);
  return (
    q(a) === q(b) &&
    a.limit === b.limit &&
    a.position === b.position &&
    a.available === b.available &&
    a.draftId === b.draftId
  );
}

/**
 * The draft room's player grid: an empty box lists the pool (best ADP first), anything else searches (docs/product.md
 * §5.7 (Player search and lists): search runs only for a non-blank query). Typing is debounced, and every answer is
 * cached under the arguments it was asked with, so an answer to an older query that arrives late is never shown for a
 * newer one. Every request names the room's draft: who is drafted is that draft's business (docs/product.md §3.4).
 */
export function usePlayerSearch(
  typed: string,
  position: PositionFilter,
  draftId: string,
  debounceMs: number = SEARCH_DEBOUNCE_MS,
): PlayerSearchResult {
  const query = useDebouncedValue(typed.trim(), debounceMs);
  // A NUL or an unpaired surrogate (pasted, never typed) would only earn a 400 and a grid stuck on Retry.
  const problem = isStorableText(query) ? null : unstorableTextMessage('Search query');
  const positionParam: PlayerPosition | undefined = position === 'ALL' ? undefined : position;
  const searchArgs: SearchPlayersArgs | null =
    query && !problem ? { q: query, limit: DRAFT_ROOM_PLAYER_LIMIT, position: positionParam, draftId } : null;
  const listArgs: ListPlayersArgs | null =
    query || problem ? null : { limit: DRAFT_ROOM_PLAYER_LIMIT, position: positionParam, draftId };

  const search = useSearchPlayersQuery(searchArgs ?? skipToken);
  const list = useListPlayersQuery(listArgs ?? skipToken);
  const active = searchArgs ? search : list;
  const activeArgs = searchArgs ?? listArgs;

  // `currentData` belongs to the current arguments only; the comparison says so explicitly.
  const answer = activeArgs && sameArgs(active.originalArgs, activeArgs) ? active.currentData : undefined;

  useEffect(() => {
    // docs/product.md §8.4 (Failure toasts): a failed player search in the draft room is logged only (the central toast
    // already showed).
    if (active.error) console.error('Failed to search players', active.error);
  }, [active.error]);

  return {
    players: answer?.players,
    total: answer?.total ?? 0,
    query,
    pending: typed.trim() !== query || (!problem && active.isFetching),
    isError: !problem && active.isError && !answer,
    problem,
    retry: () => void active.refetch(),
  };
}
