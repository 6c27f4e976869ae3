import type { AssignPlayerRequest } from '@auction/contracts';
import { baseApi, PICK_SIDE_EFFECT_TAGS } from '../../../shared/api/base-api.js';

export const assignPlayerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /players/assign: an admin gives a player to a team at a cost, outside an auction. */
    assignPlayer: build.mutation<unknown, AssignPlayerRequest>({
      query: (body) => ({ url: '/players/assign', method: 'POST', body }),
      invalidatesTags: PICK_SIDE_EFFECT_TAGS,
    }),
  }),
});

export const { useAssignPlayerMutation } = assignPlayerApi;
