import type {
  AuthData,
  LoginRequest,
  MeData,
  RegisterRequest,
  UpdateProfileRequest,
  User,
} from '@auction/contracts';
import { baseApi, LIST_ID } from './base-api.js';

/** Login and register may answer without `user`/`token`; the screens then fail with their own text. */
export type AuthResponse = Partial<AuthData> | null;

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      extraOptions: { handlesOwnErrors: true },
    }),
    register: build.mutation<AuthResponse, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      extraOptions: { handlesOwnErrors: true },
    }),
    // A session check (restoreSession, the socket's): its screen says when the server is unreachable, so a failure
    // toasts nothing; a 401 still ends the session (ApiExtraOptions).
    getMe: build.query<User | null, void>({
      query: () => '/auth/me',
      transformResponse: (data: Partial<MeData> | null) => data?.user ?? null,
      providesTags: ['Me'],
      extraOptions: { handlesOwnErrors: true },
    }),
    updateProfile: build.mutation<User | null, UpdateProfileRequest>({
      query: (body) => ({ url: '/auth/profile', method: 'PUT', body }),
      transformResponse: (data: Partial<MeData> | null) => data?.user ?? null,
      // The username shows on teams (owner) and in the users list.
      invalidatesTags: ['Me', { type: 'Users', id: LIST_ID }, { type: 'Teams', id: LIST_ID }, 'Drafts'],
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      transformResponse: () => null,
      // docs/product.md §4.1 (Session): a failed logout is ignored and the user is logged out locally anyway.
      extraOptions: { handlesOwnErrors: true, endsSession: true },
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useGetMeQuery,
  useLazyGetMeQuery,
  useUpdateProfileMutation,
  useLogoutMutation,
} = authApi;
