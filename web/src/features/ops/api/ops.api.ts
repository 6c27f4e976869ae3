import { opsFiguresSchema, ServerEvents, type OpsFiguresData } from '@auction/contracts';
import { streamLiveEvents } from '../../../shared/live/live-cache.js';
import { baseApi } from '../../../shared/api/base-api.js';

export const opsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /ops/figures (admins), then every `opsFigures` the server pushes to admin sockets replaces the figures.
     * The push is not an event of the log (no position), so it bypasses the position gate; a malformed payload is
     * ignored rather than shown.
     */
    getOpsFigures: build.query<OpsFiguresData, void>({
      query: () => '/ops/figures',
      async onCacheEntryAdded(_arg, lifecycle) {
        await streamLiveEvents(
          lifecycle,
          {
            [ServerEvents.opsFigures]: (payload) => {
              const parsed = opsFiguresSchema.safeParse(payload);
              if (parsed.success) lifecycle.updateCachedData(() => parsed.data);
            },
          },
          { ungated: [ServerEvents.opsFigures] },
        );
      },
    }),
  }),
});

export const { useGetOpsFiguresQuery } = opsApi;
