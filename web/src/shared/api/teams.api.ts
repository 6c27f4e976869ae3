import type { CreateTeamRequest, Team, TeamData, TeamsData, UpdateTeamRequest } from '@auction/contracts';
import { ServerEvents } from '@auction/contracts';
import { reloadOnEvent, streamLiveEvents } from '../live/live-cache.js';
import { baseApi, LIST_ID } from './base-api.js';

export type UpdateTeamArgs = { id: string } & UpdateTeamRequest;
export interface AssignOwnerArgs {
  teamId: string;
  userId: string;
}

export const teamsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTeams: build.query<Team[], void>({
      query: () => '/teams',
      transformResponse: (data: TeamsData) => data.teams ?? [],
      providesTags: (teams) => [
        { type: 'Teams', id: LIST_ID },
        ...(teams ?? []).map((team) => ({ type: 'Teams' as const, id: team._id })),
      ],
      async onCacheEntryAdded(_arg, lifecycle) {
        const { updateCachedData, dispatch } = lifecycle;
        const reload = reloadOnEvent(lifecycle, () =>
          dispatch(teamsApi.endpoints.getTeams.initiate(undefined, { subscribe: false, forceRefetch: true })),
        );
        await streamLiveEvents(
          lifecycle,
          {
            // A sale carries the buyer's new budget and roster.
            [ServerEvents.pickMade]: (payload) => {
              const team = (payload as { team?: Team } | null)?.team;
              if (!team) return reload();
              updateCachedData((teams) => {
                const index = teams.findIndex((known) => known._id === team._id);
                if (index >= 0) teams[index] = team;
              });
            },
            // Corrections may move money between two teams: read them all again.
            [ServerEvents.pickUndone]: reload,
            [ServerEvents.pickUpdated]: reload,
            [ServerEvents.playerAssigned]: reload,
            [ServerEvents.draftJoined]: reload,
            // Created, renamed, renumbered, given an owner or deleted (an admin, maybe on another device).
            [ServerEvents.teamUpdated]: reload,
            // Back after a disconnect: whatever changed meanwhile was never heard of.
            [ServerEvents.authenticated]: reload,
          },
          { ungated: [ServerEvents.draftJoined] },
        );
      },
    }),
    getTeam: build.query<Team, string>({
      query: (id) => `/teams/${encodeURIComponent(id)}`,
      transformResponse: (data: TeamData) => data.team,
      providesTags: (_team, _error, id) => [{ type: 'Teams', id }],
    }),
    createTeam: build.mutation<Team, CreateTeamRequest>({
      query: (body) => ({ url: '/teams', method: 'POST', body }),
      transformResponse: (data: TeamData) => data.team,
      // Drafts embed their teams, so their lists are refreshed too.
      invalidatesTags: [{ type: 'Teams', id: LIST_ID }, 'Drafts'],
    }),
    updateTeam: build.mutation<Team, UpdateTeamArgs>({
      query: ({ id, ...body }) => ({ url: `/teams/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (data: TeamData) => data.team,
      invalidatesTags: (_team, _error, { id }) => [
        { type: 'Teams', id },
        { type: 'Teams', id: LIST_ID },
        'Drafts',
      ],
    }),
    deleteTeam: build.mutation<null, string>({
      query: (id) => ({ url: `/teams/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, id) => [
        { type: 'Teams', id },
        { type: 'Teams', id: LIST_ID },
        'Drafts',
      ],
    }),
    assignOwner: build.mutation<Team, AssignOwnerArgs>({
      query: ({ teamId, userId }) => ({
        url: `/teams/${encodeURIComponent(teamId)}/assign-owner`,
        method: 'POST',
        body: { userId },
      }),
      transformResponse: (data: TeamData) => data.team,
      invalidatesTags: (_team, _error, { teamId }) => [
        { type: 'Teams', id: teamId },
        { type: 'Teams', id: LIST_ID },
        'Drafts',
      ],
    }),
  }),
});

export const {
  useGetTeamsQuery,
  useGetTeamQuery,
  useCreateTeamMutation,
  useUpdateTeamMutation,
  useDeleteTeamMutation,
  useAssignOwnerMutation,
} = teamsApi;
