import type { PlayerStatsSummary } from '@auction/contracts';
import { baseApi } from '../../../shared/api/base-api.js';

/** The tag of the stats summary: it changes with every sync and every draft pick. */
export const PLAYER_STATS_ID = 'STATS';

export const playerStatsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPlayerStats: build.query<PlayerStatsSummary, void>({
      query: () => '/players/stats/summary',
      providesTags: [{ type: 'Players', id: PLAYER_STATS_ID }],
    }),
  }),
});

export const { useGetPlayerStatsQuery } = playerStatsApi;
