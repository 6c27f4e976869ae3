import type { Pick, PicksData } from '@auction/contracts';
import { baseApi, LIST_ID } from '../../../shared/api/base-api.js';
import { pickHandlers } from '../../../shared/api/pick-events.js';
import { streamLiveEvents } from '../../../shared/live/live-cache.js';

export const boardPicksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /drafts/{id}/picks for the board: every pick of one draft, kept live by its pick events. */
    getBoardPicks: build.query<Pick[], string>({
      query: (draftId) => `/drafts/${encodeURIComponent(draftId)}/picks`,
      transformResponse: (data: PicksData) => data.picks ?? [],
      providesTags: (_picks, _error, draftId) => [
        { type: 'Picks', id: LIST_ID },
        { type: 'Picks', id: draftId },
      ],
      async onCacheEntryAdded(draftId, lifecycle) {
        await streamLiveEvents(lifecycle, pickHandlers(lifecycle.updateCachedData, draftId), { draftId });
      },
    }),
  }),
});

export const { useGetBoardPicksQuery } = boardPicksApi;
