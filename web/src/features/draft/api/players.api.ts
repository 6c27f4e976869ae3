import type { DraftValuesData, Player, PlayerData, PlayerPosition, PlayersData } from '@auction/contracts';
import { baseApi, LIST_ID } from '../../../shared/api/base-api.js';

/**
 * GET /players/search. `q` must not be blank (docs/product.md §5.7 (Player search and lists): search runs only for a
 * non-blank query).
 */
export interface SearchPlayersArgs {
  q: string;
  /** docs/product.md §9 (Constants): 20 in the assignment panel, 50 in the draft room. */
  limit: number;
  /** Omitted for ALL. */
  position?: PlayerPosition;
  /** true: undrafted players only. */
  available?: boolean;
  /**
   * The draft whose availability isDrafted and cost describe; omitted, the server uses the caller's own current
   * draft (docs/product.md §3.4). A screen that knows its draft always sends it.
   */
  draftId?: string;
}

/** GET /players: the pool without a query, best ADP first (the draft room with an empty search box). */
export interface ListPlayersArgs {
  limit: number;
  offset?: number;
  position?: PlayerPosition;
  available?: boolean;
  /** As for SearchPlayersArgs. */
  draftId?: string;
}

export interface PlayerList {
  players: Player[];
  /** How many players match in all (a list answer says; a search answer counts what it returned). */
  total: number;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

function toPlayerList(data: Partial<PlayersData> | null): PlayerList {
  const players = data?.players ?? [];
  return { players, total: typeof data?.total === 'number' ? data.total : players.length };
}

function listTags(list: PlayerList | undefined) {
  return [
    { type: 'Players' as const, id: LIST_ID },
    ...(list?.players ?? []).map((player) => ({ type: 'Players' as const, id: player._id })),
  ];
}

export const playersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchPlayers: build.query<PlayerList, SearchPlayersArgs>({
      // fetchBaseQuery leaves out parameters that are undefined.
      query: ({ q, limit, position, available, draftId }) => ({
        url: '/players/search',
        params: { q: q.trim(), limit, position, available: flag(available), draftId },
      }),
      transformResponse: toPlayerList,
      providesTags: listTags,
    }),
    listPlayers: build.query<PlayerList, ListPlayersArgs>({
      query: ({ limit, offset, position, available, draftId }) => ({
        url: '/players',
        params: { limit, offset, position, available: flag(available), draftId },
      }),
      transformResponse: toPlayerList,
      providesTags: listTags,
    }),
    getPlayer: build.query<Player, string>({
      query: (id) => `/players/${encodeURIComponent(id)}`,
      transformResponse: (data: PlayerData) => data.player,
      providesTags: (_player, _error, id) => [{ type: 'Players', id }],
    }),
    /** GET /drafts/{id}/values (ADR 0019): refetched with the player lists, as every sale invalidates them. */
    getDraftValues: build.query<DraftValuesData, string>({
      query: (draftId) => `/drafts/${encodeURIComponent(draftId)}/values`,
      providesTags: [{ type: 'Players', id: LIST_ID }],
    }),
  }),
});

export const { useSearchPlayersQuery, useListPlayersQuery, useGetPlayerQuery, useGetDraftValuesQuery } =
  playersApi;
