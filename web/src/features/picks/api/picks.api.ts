import {
  RECENT_PICKS_DEFAULT_LIMIT,
  ServerEvents,
  type Pick,
  type PickData,
  type PicksData,
  type UpdatePickRequest,
} from '@auction/contracts';
import { streamLiveEvents } from '../../../shared/live/live-cache.js';
import { baseApi, LIST_ID, PICK_SIDE_EFFECT_TAGS } from '../../../shared/api/base-api.js';

export interface UpdatePickArgs {
  draftId: string;
  pickId: string;
  body: UpdatePickRequest;
}
export interface DeletePickArgs {
  draftId: string;
  pickId: string;
}

interface PickLive {
  pick?: Pick;
}

const draftUrl = (id: string) => `/drafts/${encodeURIComponent(id)}`;

/**
 * Applies one live pick event to a list of picks (pure). Undo removes that pick only and moves the later picks of
 * its draft up one number, as the server does, so the list matches without a reload.
 */
export function applyPickEvent(picks: Pick[], event: string, payload: unknown, draftId?: string): Pick[] {
  const pick = (payload as PickLive | null)?.pick;
  if (!pick || (draftId !== undefined && pick.draftId !== draftId)) return picks;
  switch (event) {
    case ServerEvents.pickMade:
    case ServerEvents.playerAssigned:
      return picks.some((known) => known._id === pick._id) ? picks : [pick, ...picks];
    case ServerEvents.pickUpdated:
      return picks.map((known) => (known._id === pick._id ? pick : known));
    case ServerEvents.pickUndone: {
      const removed = picks.find((known) => known._id === pick._id) ?? pick;
      return picks
        .filter((known) => known._id !== pick._id)
        .map((known) =>
          known.draftId === removed.draftId && known.pickNumber > removed.pickNumber
            ? { ...known, pickNumber: known.pickNumber - 1 }
            : known,
        );
    }
    default:
      return picks;
  }
}

const PICK_EVENTS = [
  ServerEvents.pickMade,
  ServerEvents.playerAssigned,
  ServerEvents.pickUpdated,
  ServerEvents.pickUndone,
] as const;

function pickHandlers(
  update: (recipe: (picks: Pick[]) => Pick[] | void) => unknown,
  draftId?: string,
): Record<string, (payload: unknown) => void> {
  return Object.fromEntries(
    PICK_EVENTS.map((event) => [
      event,
      (payload: unknown) => update((picks) => applyPickEvent(picks, event, payload, draftId)),
    ]),
  );
}

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
      async onCacheEntryAdded(_limit, lifecycle) {
        await streamLiveEvents(lifecycle, pickHandlers(lifecycle.updateCachedData));
      },
    }),
    /** GET /drafts/{id}/picks: every pick of one draft. */
    getDraftPicks: build.query<Pick[], string>({
      query: (draftId) => `${draftUrl(draftId)}/picks`,
      transformResponse: (data: PicksData) => data.picks ?? [],
      providesTags: (_picks, _error, draftId) => [
        { type: 'Picks', id: LIST_ID },
        { type: 'Picks', id: draftId },
      ],
      async onCacheEntryAdded(draftId, lifecycle) {
        await streamLiveEvents(lifecycle, pickHandlers(lifecycle.updateCachedData, draftId), { draftId });
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

export const { useGetRecentPicksQuery, useGetDraftPicksQuery, useUpdatePickMutation, useDeletePickMutation } =
  picksApi;
