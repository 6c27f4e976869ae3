import type {
  CreateDraftRequest,
  Draft,
  DraftData,
  DraftsData,
  DraftStatusData,
  UpdateDraftRequest,
} from '@auction/contracts';
import { ServerEvents, teamUpdatedPayloadSchema } from '@auction/contracts';
import { reloadOnEvent, streamLiveEvents } from '../live/live-cache.js';
import { watchDraftList } from '../live/watch-drafts.js';
import { baseApi, LIST_ID } from './base-api.js';

export type UpdateDraftArgs = { id: string } & UpdateDraftRequest;
export interface AssignTeamsArgs {
  draftId: string;
  teamIds: string[];
}

const draftUrl = (id: string) => `/drafts/${encodeURIComponent(id)}`;

/**
 * A draft answer never replaces a newer one: a read the server answered before a commit can arrive after that
 * commit's live event (a reload asked for by the previous sale, say, landing after draftCompleted), and would show
 * the completed draft as active again, with no later event to put it right. Versions only grow within a draft.
 */
export function newerDraft(cached: Draft, incoming: Draft): Draft {
  return incoming.version < cached.version ? cached : incoming;
}

/** GET /drafts: the drafts the user may see, each tagged, and the list as a whole. */
const draftList = {
  query: () => '/drafts',
  transformResponse: (data: DraftsData) => data.drafts ?? [],
  // The list as the server answers it, except that a draft the cache knows in a newer version keeps it (see newerDraft).
  merge: (cached: Draft[], incoming: Draft[]) => {
    const known = new Map(cached.map((draft) => [draft._id, draft]));
    return incoming.map((draft) => {
      const cachedDraft = known.get(draft._id);
      return cachedDraft ? newerDraft(cachedDraft, draft) : draft;
    });
  },
  providesTags: (drafts: Draft[] | undefined) => [
    { type: 'Drafts' as const, id: LIST_ID },
    ...(drafts ?? []).map((draft) => ({ type: 'Drafts' as const, id: draft._id })),
  ],
};

export const draftsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDrafts: build.query<Draft[], void>({
      ...draftList,
      async onCacheEntryAdded(_arg, lifecycle) {
        const { updateCachedData, dispatch } = lifecycle;
        // The list follows draft-level events of every draft through the draft-watchers room (ADR 0021).
        const stopWatching = watchDraftList();
        const reload = reloadOnEvent(lifecycle, () =>
          dispatch(
            draftsApi.endpoints.getDrafts.initiate(undefined, { subscribe: false, forceRefetch: true }),
          ),
        );
        // A listed draft is replaced by the event's newer version; a draft the list does not have (created, or now
        // visible) or one deleted makes the list load again: which drafts a user sees is the server's rule.
        const replace = (payload: unknown) => {
          const draft = (payload as { draft?: Draft | null } | null)?.draft;
          let listed = false;
          if (draft) {
            updateCachedData((list) => {
              const index = list.findIndex((entry) => entry._id === draft._id);
              if (index < 0) return;
              listed = true;
              if (list[index]!.version <= draft.version) list[index] = draft;
            });
          }
          if (!listed) reload();
        };
        try {
          await streamLiveEvents(lifecycle, {
            [ServerEvents.draftStarted]: replace,
            [ServerEvents.draftUpdated]: replace,
            [ServerEvents.draftCompleted]: replace,
            // Back after a disconnect: drafts created, started or completed meanwhile were never heard of.
            [ServerEvents.authenticated]: reload,
          });
        } finally {
          stopWatching();
        }
      },
    }),
    /**
     * The same list without following it: the draft room at `/draft` reads it to choose its draft, then follows only
     * that draft. Following every draft there sent every room on the server each league's turns (issue 10).
     */
    getDraftsOnce: build.query<Draft[], void>(draftList),
    getDraft: build.query<Draft, string>({
      query: (id) => draftUrl(id),
      transformResponse: (data: DraftData) => data.draft,
      providesTags: (_draft, _error, id) => [{ type: 'Drafts', id }],
      merge: newerDraft,
      async onCacheEntryAdded(id, lifecycle) {
        const { updateCachedData, dispatch } = lifecycle;
        // docs/product.md §4.8 (The draft room in the browser): when an auction completes or a player is nominated the
        // draft is reloaded; picks change its counters.
        const reload = reloadOnEvent(lifecycle, () =>
          dispatch(draftsApi.endpoints.getDraft.initiate(id, { subscribe: false, forceRefetch: true })),
        );
        // The event's draft replaces the cached one unless the cache already reflects a later version.
        const replace = (payload: unknown) => {
          const draft = (payload as { draft?: Draft | null } | null)?.draft;
          if (draft && draft._id === id) updateCachedData((cached) => newerDraft(cached, draft));
          else reload();
        };
        await Promise.all([
          streamLiveEvents(
            lifecycle,
            {
              [ServerEvents.draftStarted]: replace,
              [ServerEvents.draftUpdated]: replace,
              [ServerEvents.draftCompleted]: replace,
              [ServerEvents.auctionStarted]: reload,
              [ServerEvents.auctionCompleted]: reload,
              [ServerEvents.pickMade]: reload,
              [ServerEvents.pickUndone]: reload,
              [ServerEvents.pickUpdated]: reload,
              [ServerEvents.playerAssigned]: reload,
              [ServerEvents.draftJoined]: reload,
            },
            { draftId: id, ungated: [ServerEvents.draftJoined] },
          ),
          // A team of this draft changed (its owner, so whose "(You)" it is, or its name): it names its drafts, not one.
          streamLiveEvents(lifecycle, {
            [ServerEvents.teamUpdated]: (payload) => {
              const update = teamUpdatedPayloadSchema.safeParse(payload);
              if (update.success && update.data.draftIds.includes(id)) reload();
            },
          }),
        ]);
      },
    }),
    getDraftStatus: build.query<DraftStatusData, string>({
      query: (id) => `${draftUrl(id)}/status`,
      providesTags: (_status, _error, id) => [{ type: 'Drafts', id }],
    }),
    createDraft: build.mutation<Draft, CreateDraftRequest>({
      query: (body) => ({ url: '/drafts', method: 'POST', body }),
      transformResponse: (data: DraftData) => data.draft,
      invalidatesTags: [{ type: 'Drafts', id: LIST_ID }],
    }),
    updateDraft: build.mutation<Draft, UpdateDraftArgs>({
      query: ({ id, ...body }) => ({ url: draftUrl(id), method: 'PUT', body }),
      transformResponse: (data: DraftData) => data.draft,
      invalidatesTags: (_draft, _error, { id }) => [
        { type: 'Drafts', id },
        { type: 'Drafts', id: LIST_ID },
      ],
    }),
    deleteDraft: build.mutation<null, string>({
      query: (id) => ({ url: draftUrl(id), method: 'DELETE' }),
      transformResponse: () => null,
      // Deleting a started draft clears rosters and budgets and resets players' draft state: those change too.
      invalidatesTags: (_result, _error, id) => [
        { type: 'Drafts', id },
        { type: 'Drafts', id: LIST_ID },
        { type: 'Teams', id: LIST_ID },
        'Players',
      ],
    }),
    assignTeams: build.mutation<Draft, AssignTeamsArgs>({
      query: ({ draftId, teamIds }) => ({
        url: `${draftUrl(draftId)}/teams`,
        method: 'POST',
        body: { teamIds },
      }),
      transformResponse: (data: DraftData) => data.draft,
      invalidatesTags: (_draft, _error, { draftId }) => [
        { type: 'Drafts', id: draftId },
        { type: 'Drafts', id: LIST_ID },
        { type: 'Teams', id: LIST_ID },
      ],
    }),
    startDraft: build.mutation<Draft, string>({
      query: (id) => ({ url: `${draftUrl(id)}/start`, method: 'POST' }),
      transformResponse: (data: DraftData) => data.draft,
      invalidatesTags: (_draft, _error, id) => [
        { type: 'Drafts', id },
        { type: 'Drafts', id: LIST_ID },
        { type: 'Teams', id: LIST_ID },
      ],
    }),
    pauseDraft: build.mutation<Draft, string>({
      query: (id) => ({ url: `${draftUrl(id)}/pause`, method: 'POST' }),
      transformResponse: (data: DraftData) => data.draft,
      invalidatesTags: (_draft, _error, id) => [
        { type: 'Drafts', id },
        { type: 'Drafts', id: LIST_ID },
        { type: 'Auction', id },
      ],
    }),
    resumeDraft: build.mutation<Draft, string>({
      query: (id) => ({ url: `${draftUrl(id)}/resume`, method: 'POST' }),
      transformResponse: (data: DraftData) => data.draft,
      invalidatesTags: (_draft, _error, id) => [
        { type: 'Drafts', id },
        { type: 'Drafts', id: LIST_ID },
        { type: 'Auction', id },
      ],
    }),
  }),
});

export const {
  usePauseDraftMutation,
  useResumeDraftMutation,
  useGetDraftsQuery,
  useGetDraftsOnceQuery,
  useGetDraftQuery,
  useGetDraftStatusQuery,
  useCreateDraftMutation,
  useUpdateDraftMutation,
  useDeleteDraftMutation,
  useAssignTeamsMutation,
  useStartDraftMutation,
} = draftsApi;
