import type { NominationQueueData } from '@auction/contracts';
import { baseApi } from '../../../shared/api/base-api.js';

/** A team's nomination queue in a draft (docs/adr/0018): private, only its owner and admins read it. */
export interface NominationQueueArgs {
  draftId: string;
  teamId: string;
}

const queueUrl = (draftId: string) => `/drafts/${encodeURIComponent(draftId)}/queue`;

export const nominationQueueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getNominationQueue: build.query<NominationQueueData, NominationQueueArgs>({
      query: ({ draftId, teamId }) => `${queueUrl(draftId)}?teamId=${encodeURIComponent(teamId)}`,
      extraOptions: { handlesOwnErrors: true },
    }),
    setNominationQueue: build.mutation<NominationQueueData, NominationQueueArgs & { playerIds: string[] }>({
      query: ({ draftId, teamId, playerIds }) => ({
        url: queueUrl(draftId),
        method: 'PUT',
        body: { teamId, playerIds },
      }),
      // The answer is the queue as stored: the panel shows it at once, no refetch.
      async onQueryStarted({ draftId, teamId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) {
          dispatch(nominationQueueApi.util.upsertQueryData('getNominationQueue', { draftId, teamId }, data));
        }
      },
    }),
  }),
});

export const { useGetNominationQueueQuery, useSetNominationQueueMutation } = nominationQueueApi;
