import type { HealthData, StatusData } from '@auction/contracts';
import { baseApi } from './base-api.js';

export const systemApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getHealth: build.query<HealthData, void>({ query: () => '/health' }),
    getStatus: build.query<StatusData, void>({ query: () => '/status' }),
  }),
});

export const { useGetHealthQuery, useGetStatusQuery } = systemApi;
