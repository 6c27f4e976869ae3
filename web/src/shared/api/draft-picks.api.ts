import { ServerEvents, type Pick, type PicksData } from '@auction/contracts';
import { reloadOnEvent, streamLiveEvents } from '../live/live-cache.js';
import { baseApi, LIST_ID } from './base-api.js';
import { pickHandlers } from './pick-events.js';

const draftUrl = (id: string) => `/drafts/${encodeURIComponent(id)}`;

/**
 * GET /drafts/{id}/picks: every pick of one draft in pick order, kept live by its pick events. Read by the picks page
 * (a draft's filter), the draft board and the draft room (a past draft's budgets, once its teams play another), and
 * read again whenever the room is joined again.
 */
export const draftPicksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDraftPicks: build.query<Pick[], string>({
      query: (draftId) => `${draftUrl(draftId)}/picks`,
      transformResponse: (data: PicksData) => data.picks ?? [],
      providesTags: (_picks, _error, draftId) => [
        { type: 'Picks', id: LIST_ID },
        { type: 'Picks', id: draftId },
      ],
      async onCacheEntryAdded(draftId, lifecycle) {
        const { dispatch } = lifecycle;
        // Joining the room again (after a reconnect) reads the picks again: sales made while the socket was away
        // were never heard.
        const reload = reloadOnEvent(lifecycle, () =>
          dispatch(
            draftPicksApi.endpoints.getDraftPicks.initiate(draftId, { subscribe: false, forceRefetch: true }),
          ),
        );
        await Promise.all([
          streamLiveEvents(
            lifecycle,
            { ...pickHandlers(lifecycle.updateCachedData, draftId), [ServerEvents.draftJoined]: reload },
            { draftId, ungated: [ServerEvents.draftJoined] },
          ),
          // The picks page follows a draft's picks outside its room (an admin's socket hears every draft's): it reads
          // them again once the socket is back.
          streamLiveEvents(lifecycle, { [ServerEvents.authenticated]: reload }),
        ]);
      },
    }),
  }),
});

export const { useGetDraftPicksQuery } = draftPicksApi;
