import type { PlayerSyncResult } from '@auction/contracts';
import { baseApi } from '../../../shared/api/base-api.js';

/**
 * POST /players/sync. The server waits a few seconds for the job: a job done by then answers `completed` with
 * `updatedPlayers` (docs/product.md §7.4 (Players)); a longer one answers `running` with its job id, and its end
 * arrives as a `playerSyncProgress` socket event.
 */
export type SyncPlayersOutcome =
  | { status: 'completed'; jobId: string | null; updatedPlayers: number }
  | { status: 'running'; jobId: string };

export function toSyncOutcome(data: Partial<PlayerSyncResult> | null): SyncPlayersOutcome {
  if (data?.status === 'running' && typeof data.jobId === 'string') {
    return { status: 'running', jobId: data.jobId };
  }
  return {
    status: 'completed',
    jobId: typeof data?.jobId === 'string' ? data.jobId : null,
    updatedPlayers: typeof data?.updatedPlayers === 'number' ? data.updatedPlayers : 0,
  };
}

export const syncPlayersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    syncPlayers: build.mutation<SyncPlayersOutcome, void>({
      query: () => ({ url: '/players/sync', method: 'POST' }),
      transformResponse: toSyncOutcome,
      // Every player list, player and the stats summary (its lastSyncedAt) may have changed.
      invalidatesTags: ['Players'],
    }),
  }),
});

export const { useSyncPlayersMutation } = syncPlayersApi;
