import { baseApi } from '../../../shared/api/base-api.js';

/** Spec section 7: POST /players/sync answers with `data.updatedPlayers`. */
export interface SyncPlayersResult {
  updatedPlayers: number;
}

export const syncPlayersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    syncPlayers: build.mutation<SyncPlayersResult, void>({
      query: () => ({ url: '/players/sync', method: 'POST' }),
      transformResponse: (data: Partial<SyncPlayersResult> | null) => ({
        updatedPlayers: typeof data?.updatedPlayers === 'number' ? data.updatedPlayers : 0,
      }),
    }),
  }),
});

export const { useSyncPlayersMutation } = syncPlayersApi;
