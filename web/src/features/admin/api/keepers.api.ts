import type { KeepersData, KeeperRequest, PlayersData } from '@auction/contracts';
import { baseApi, LIST_ID, PICK_SIDE_EFFECT_TAGS } from '../../../shared/api/base-api.js';

const keepersUrl = (draftId: string) => `/drafts/${encodeURIComponent(draftId)}/keepers`;

/** Keepers (docs/adr/0018): admin, before the start; each is a pick, so rosters, budgets and players refresh. */
export const keepersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getKeepers: build.query<KeepersData, string>({
      query: keepersUrl,
      providesTags: [{ type: 'Picks', id: LIST_ID }],
    }),
    addKeeper: build.mutation<KeepersData, KeeperRequest & { draftId: string }>({
      query: ({ draftId, ...body }) => ({ url: keepersUrl(draftId), method: 'POST', body }),
      invalidatesTags: PICK_SIDE_EFFECT_TAGS,
    }),
    removeKeeper: build.mutation<KeepersData, { draftId: string; playerId: string }>({
      query: ({ draftId, playerId }) => ({
        url: `${keepersUrl(draftId)}/${encodeURIComponent(playerId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: PICK_SIDE_EFFECT_TAGS,
    }),
    /** Players still free in the draft whose names match: the keeper form's choices. */
    searchKeeperCandidates: build.query<PlayersData['players'], { draftId: string; q: string }>({
      query: ({ draftId, q }) => ({
        url: '/players/search',
        params: { q: q.trim(), draftId, available: 'true', limit: 10 },
      }),
      transformResponse: (data: Partial<PlayersData> | null) => data?.players ?? [],
      providesTags: ['Players'],
    }),
  }),
});

export const {
  useGetKeepersQuery,
  useAddKeeperMutation,
  useRemoveKeeperMutation,
  useSearchKeeperCandidatesQuery,
} = keepersApi;
