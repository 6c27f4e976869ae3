import { ServerEvents, type ProxyBidData } from '@auction/contracts';
import { auctionsApi, applyAuctionEvent, staleOwnershipTags } from './auctions.api.js';
import { baseApi } from '../../../shared/api/base-api.js';

/** A team's private maximum for one auction (ADR 0017): only its owner and admins can read it. */
export interface ProxyBidArgs {
  auctionId: string;
  draftId: string;
  teamId: string;
}

const proxyUrl = ({ auctionId, teamId }: ProxyBidArgs) =>
  `/auctions/${encodeURIComponent(auctionId)}/proxy?teamId=${encodeURIComponent(teamId)}`;

/** The answer holds the auction after any bid the maximum placed at once: the room shows it without waiting. */
function applyAnswer(draftId: string, data: ProxyBidData, dispatch: (action: unknown) => unknown) {
  const cacheKey = { auctionId: data.auctionId, draftId, teamId: data.teamId };
  dispatch(proxyBidsApi.util.upsertQueryData('getProxyBid', cacheKey, data));
  const { auction } = data;
  if (!auction) return;
  dispatch(
    auctionsApi.util.updateQueryData('getDraftAuction', draftId, (snapshot) =>
      applyAuctionEvent(snapshot, ServerEvents.bidPlaced, { auction }),
    ),
  );
}

export const proxyBidsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProxyBid: build.query<ProxyBidData, ProxyBidArgs>({
      query: (args) => proxyUrl(args),
      // No maximum to show is not worth a toast: the box just shows none.
      extraOptions: { handlesOwnErrors: true },
    }),
    setProxyBid: build.mutation<ProxyBidData, ProxyBidArgs & { maxBid: number }>({
      query: ({ auctionId, teamId, maxBid }) => ({
        url: `/auctions/${encodeURIComponent(auctionId)}/proxy`,
        method: 'PUT',
        body: { teamId, maxBid },
      }),
      invalidatesTags: (_data, error, { draftId }) => staleOwnershipTags(error, draftId),
      async onQueryStarted({ draftId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) applyAnswer(draftId, data, dispatch);
      },
    }),
    removeProxyBid: build.mutation<ProxyBidData, ProxyBidArgs>({
      query: (args) => ({ url: proxyUrl(args), method: 'DELETE' }),
      invalidatesTags: (_data, error, { draftId }) => staleOwnershipTags(error, draftId),
      async onQueryStarted({ draftId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) applyAnswer(draftId, data, dispatch);
      },
    }),
  }),
});

export const { useGetProxyBidQuery, useSetProxyBidMutation, useRemoveProxyBidMutation } = proxyBidsApi;
