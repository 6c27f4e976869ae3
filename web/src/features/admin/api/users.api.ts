import type { User, UsersData } from '@auction/contracts';
import { baseApi, LIST_ID } from '../../../shared/api/base-api.js';

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUsers: build.query<User[], void>({
      query: () => '/users',
      transformResponse: (data: UsersData) => data.users ?? [],
      providesTags: [{ type: 'Users', id: LIST_ID }],
    }),
  }),
});

export const { useGetUsersQuery } = usersApi;
