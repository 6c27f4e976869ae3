import {
  AUDIT_EVENTS_LIMIT_MAX,
  type AuditEvent,
  type AuditEventsData,
  type ReplayData,
  type VerifyData,
} from '@auction/contracts';
import { baseApi } from '../../../shared/api/base-api.js';
import type { ApiError } from '../../../shared/api/api-error.js';

export interface ReplayArgs {
  draftId: string;
  /** Stream version to stop after; absent: the whole log. */
  at?: number;
}

/** The timeline reads at most this many pages of AUDIT_EVENTS_LIMIT_MAX events (a very long draft is cut). */
export const AUDIT_EVENTS_MAX_PAGES = 40;

const draftUrl = (id: string) => `/drafts/${encodeURIComponent(id)}`;

export const auditApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every event of the draft's stream, oldest first: GET /drafts/{id}/events page after page. */
    getAuditEvents: build.query<AuditEvent[], string>({
      async queryFn(draftId, _api, _extra, baseQuery) {
        const events: AuditEvent[] = [];
        let after: string | null = null;
        for (let page = 0; page < AUDIT_EVENTS_MAX_PAGES; page += 1) {
          const params: Record<string, string> = { limit: String(AUDIT_EVENTS_LIMIT_MAX) };
          if (after !== null) params['after'] = after;
          const result = await baseQuery({ url: `${draftUrl(draftId)}/events`, params });
          if (result.error) return { error: result.error as ApiError };
          const data = result.data as AuditEventsData;
          events.push(...data.events);
          if (!data.hasMore || data.nextAfter === null) break;
          after = data.nextAfter;
        }
        return { data: events };
      },
    }),
    /** GET /drafts/{id}/replay?at=N: the draft as it stood after stream version N. */
    getReplay: build.query<ReplayData, ReplayArgs>({
      query: ({ draftId, at }) => ({
        url: `${draftUrl(draftId)}/replay`,
        ...(at === undefined ? {} : { params: { at: String(at) } }),
      }),
    }),
    /** GET /drafts/{id}/verify: the hash chain's check. */
    getVerify: build.query<VerifyData, string>({
      query: (draftId) => `${draftUrl(draftId)}/verify`,
    }),
  }),
});

export const { useGetAuditEventsQuery, useGetReplayQuery, useGetVerifyQuery } = auditApi;
