import {
  RECENT_PICKS_DEFAULT_LIMIT,
  ServerEvents,
  type Pick,
  type PickData,
  type PicksData,
  type UpdatePickRequest,
} from '@auction/contracts';
import { reloadOnEvent, streamLiveEvents } from '../../../shared/live/live-cache.js';
import { baseApi, LIST_ID, PICK_SIDE_EFFECT_TAGS } from '../../../shared/api/base-api.js';
import { pickHandlers } from '../../../shared/api/pick-events.js';

export interface UpdatePickArgs {
  draftId: string;
  pickId: string;
  body: UpdatePickRequest;
}
export interface DeletePickArgs {
  draftId: string;
  pickId: string;
}

const draftUrl = (id: string) => `/drafts/${encodeURIComponent(id)}`;

export const picksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /drafts/picks/recent?limit: the newest picks of every draft. */
    getRecentPicks: build.query<Pick[], number | void>({
      query: (limit) => ({
        url: '/drafts/picks/recent',
        params: { limit: limit ?? RECENT_PICKS_DEFAULT_LIMIT },
      }),
      transformResponse: (data: PicksData) => data.picks ?? [],
      providesTags: [{ type: 'Picks', id: LIST_ID }],
      async onCacheEntryAdded(limit, lifecycle) {
        const { dispatch } = lifecycle;
        // A socket back after a disconnect never heard the picks made meanwhile: read the list again.
        const reload = reloadOnEvent(lifecycle, () =>
          dispatch(
            picksApi.endpoints.getRecentPicks.initiate(limit, { subscribe: false, forceRefetch: true }),
          ),
        );
        await streamLiveEvents(lifecycle, {
          ...pickHandlers(lifecycle.updateCachedData, undefined, limit ?? RECENT_PICKS_DEFAULT_LIMIT),
          [ServerEvents.authenticated]: reload,
        });
      },
    }),
    updatePick: build.mutation<Pick, UpdatePickArgs>({
      query: ({ draftId, pickId, body }) => ({
        url: `${draftUrl(draftId)}/picks/${encodeURIComponent(pickId)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: (data: PickData) => data.pick,
      invalidatesTags: PICK_SIDE_EFFECT_TAGS,
    }),
    deletePick: build.mutation<null, DeletePickArgs>({
      query: ({ draftId, pickId }) => ({
        url: `${draftUrl(draftId)}/picks/${encodeURIComponent(pickId)}`,
        method: 'DELETE',
      }),
      transformResponse: () => null,
      invalidatesTags: PICK_SIDE_EFFECT_TAGS,
    }),
  }),
});

export const { useGetRecentPicksQuery, useUpdatePickMutation, useDeletePickMutation } = picksApi;
