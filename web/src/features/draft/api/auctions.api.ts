import {
  auctionSchema,
  bidOnPlayerAckSchema,
  ClientEvents,
  ServerEvents,
  type Auction,
  type AuctionData,
  type AuctionTeam,
  type DraftAuctionData,
  type NominateRequest,
} from '@auction/contracts';
import type { Draft } from '@auction/contracts';
import { reloadOnEvent, streamLiveEvents } from '../../../shared/live/live-cache.js';
import { versionOf } from '../../../shared/live/live-gate.js';
import { serverTimeObserved } from '../../../shared/live/server-clock-slice.js';
import type { RootState } from '../../../app/store.js';
import { GENERIC_ERROR_MESSAGE, isApiError, type ApiError } from '../../../shared/api/api-error.js';
import { API_TIMEOUT_MS, baseApi, showErrorToast } from '../../../shared/api/base-api.js';
import { askLiveSocket } from '../../../shared/live/ask-live-socket.js';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/api/idempotency-key.js';

export interface PlaceBidArgs {
  auctionId: string;
  draftId: string;
  /** The auction's player (the socket names the auction by its draft and player). */
  playerId: string;
  bidAmount: number;
  teamId: string;
  /** One per user action (newIdempotencyKey); a retry of the same action sends the same key. */
  idempotencyKey: string;
}

export interface CompleteAuctionArgs {
  auctionId: string;
  draftId: string;
}

interface AuctionLive {
  auction?: Auction;
  serverTime?: string;
}
interface DraftLive {
  draft?: Draft;
  currentTeamTurn?: DraftAuctionData['currentTeamTurn'];
  nominationDeadline?: string | null;
  serverTime?: string;
}

const auctionUrl = (id: string) => `/auctions/${encodeURIComponent(id)}`;

/** A placed bid: who leads after it (a rival's maximum bid may answer in the same command, ADR 0017). */
export interface BidOutcome {
  currentBid: number;
  currentBidder: AuctionTeam;
  /** The auction after the bid, when it was placed over REST. */
  auction?: Auction;
}

/**
 * The socket's acknowledgement as the mutation's result. A refusal's message is toasted as a refused REST call's is
 * (the server also sends it as `error {message}`, which the live connection toasts under the same id: shown once).
 */
function bidOutcomeOf(answer: unknown): { data: BidOutcome } | { error: ApiError } {
  const ack = bidOnPlayerAckSchema.safeParse(answer);
  if (!ack.success) return { error: { status: 'INVALID_RESPONSE', message: GENERIC_ERROR_MESSAGE } };
  if (!ack.data.accepted) {
    showErrorToast(ack.data.message);
    return { error: { status: ack.data.status, message: ack.data.message } };
  }
  return { data: { currentBid: ack.data.currentBid, currentBidder: ack.data.currentBidder } };
}

/**
 * Whether `incoming` may replace `current`: a different auction always, the same one only when it knows at least as
 * many bids (a REST answer can arrive after a newer bid came over the socket) or it changed status.
 */
export function isNewerAuction(current: Auction | null, incoming: Auction): boolean {
  if (!current || current._id !== incoming._id) return true;
  if (incoming.bidCount !== current.bidCount) return incoming.bidCount > current.bidCount;
  return incoming.status !== current.status || incoming.deadline !== current.deadline;
}

/** The payload's auction when it is well formed (a malformed event must not break the room). */
function auctionOf(payload: unknown): Auction | null {
  const parsed = auctionSchema.safeParse((payload as AuctionLive | null)?.auction);
  if (parsed.success) return parsed.data;
  console.warn('Ignored a live auction event with a malformed auction', parsed.error.issues);
  return null;
}

/** Applies one live auction event to the room's auction snapshot (pure, for the cache and for tests). */
export function applyAuctionEvent(data: DraftAuctionData, event: string, payload: unknown): void {
  switch (event) {
    case ServerEvents.auctionStarted:
    case ServerEvents.bidPlaced: {
      const auction = auctionOf(payload);
      if (!auction) return;
      if (isNewerAuction(data.auction, auction)) data.auction = auction;
      data.nominationDeadline = null;
      data.nominationTimeLeftMs = null;
      return;
    }
    case ServerEvents.auctionCompleted: {
      const auction = auctionOf(payload);
      if (!auction) return;
      data.lastCompletedAuction = auction;
      if (data.auction?._id === auction._id) data.auction = null;
      // The next team on the clock comes with the sale (older servers: with the draftUpdated that follows).
      const { currentTeamTurn, nominationDeadline } = payload as {
        currentTeamTurn?: DraftAuctionData['currentTeamTurn'];
        nominationDeadline?: string | null;
      };
      if (currentTeamTurn !== undefined) data.currentTeamTurn = currentTeamTurn;
      if (nominationDeadline !== undefined) data.nominationDeadline = nominationDeadline;
      return;
    }
    case ServerEvents.draftStarted:
    case ServerEvents.draftUpdated:
    case ServerEvents.draftCompleted: {
      const live = payload as DraftLive;
      if (live.draft) data.draftStatus = live.draft.status;
      if (live.currentTeamTurn !== undefined) data.currentTeamTurn = live.currentTeamTurn;
      if (live.nominationDeadline !== undefined) data.nominationDeadline = live.nominationDeadline;
      return;
    }
  }
}

/**
 * The live events applied to each draft's snapshot recently, with their draft stream version. A snapshot that was
 * read before some of them but arrives after them (a refetch racing a bid) is brought forward by replaying the events
 * newer than the version it reflects, so a refetch never shows an older bid. Versions, not server clocks: the
 * snapshot and the events may come from different servers.
 */
interface AppliedEvent {
  event: string;
  payload: unknown;
  version: number;
}
const REPLAY_KEEP = 50;
const appliedEvents = new Map<string, AppliedEvent[]>();

function remember(draftId: string, event: string, payload: unknown): void {
  const version = versionOf(payload);
  if (version === null) return;
  const list = appliedEvents.get(draftId) ?? [];
  list.push({ event, payload, version });
  appliedEvents.set(draftId, list.slice(-REPLAY_KEEP));
}

/** Replays onto a fresh snapshot the events newer than the version it reflects (pure; exported for tests). */
export function replayNewerEvents(data: DraftAuctionData, events: readonly AppliedEvent[]): void {
  if (typeof data.version !== 'number') return;
  for (const { event, payload, version } of events) {
    if (version > data.version) applyAuctionEvent(data, event, payload);
  }
}

const AUCTION_EVENTS = [
  ServerEvents.auctionStarted,
  ServerEvents.bidPlaced,
  ServerEvents.auctionCompleted,
  ServerEvents.draftStarted,
  ServerEvents.draftUpdated,
  ServerEvents.draftCompleted,
] as const;

/** After these the snapshot is fetched again: they change clocks the event itself does not carry. */
const RESYNC_AFTER: readonly string[] = [
  ServerEvents.auctionCompleted,
  ServerEvents.draftStarted,
  ServerEvents.draftUpdated,
  ServerEvents.draftJoined,
];

/**
 * A command refused with 403 for a team the page believed was the user's: the team changed owner meanwhile (no live
 * event tells the room), so the draft and the teams are read again and the room stops offering that team.
 */
export function staleOwnershipTags(error: unknown, draftId: string) {
  return isApiError(error) && error.status === 403
    ? [{ type: 'Drafts' as const, id: draftId }, 'Teams' as const]
    : [];
}

export const auctionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /auctions/draft/{draftId}: the open auction, the last sale, the turn and the clocks, kept live. */
    getDraftAuction: build.query<DraftAuctionData, string>({
      query: (draftId) => `/auctions/draft/${encodeURIComponent(draftId)}`,
      providesTags: (_data, _error, draftId) => [{ type: 'Auction', id: draftId }],
      // docs/product.md §8.4 (Failure toasts): a failed auction load is logged only.
      extraOptions: { handlesOwnErrors: true },
      async onQueryStarted(draftId, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(serverTimeObserved(data.serverTime));
          const events = appliedEvents.get(draftId);
          if (events?.length) {
            dispatch(
              auctionsApi.util.updateQueryData('getDraftAuction', draftId, (draft) =>
                replayNewerEvents(draft, events),
              ),
            );
          }
        } catch (error) {
          console.error('Failed to load auction', error);
        }
      },
      async onCacheEntryAdded(draftId, lifecycle) {
        const { updateCachedData, dispatch } = lifecycle;
        const refetch = reloadOnEvent(lifecycle, () =>
          dispatch(
            auctionsApi.endpoints.getDraftAuction.initiate(draftId, { subscribe: false, forceRefetch: true }),
          ),
        );
        const handlers = Object.fromEntries(
          [...AUCTION_EVENTS, ServerEvents.draftJoined].map((event) => [
            event,
            (payload: unknown) => {
              const serverTime = (payload as AuctionLive | null)?.serverTime;
              if (serverTime) dispatch(serverTimeObserved(serverTime));
              updateCachedData((data) => applyAuctionEvent(data, event, payload));
              if (event !== ServerEvents.draftJoined) remember(draftId, event, payload);
              // Joining (again, after a reconnect) and clock changes: fetch the whole snapshot again.
              if (RESYNC_AFTER.includes(event)) refetch();
            },
          ]),
        );
        await streamLiveEvents(lifecycle, handlers, { draftId, ungated: [ServerEvents.draftJoined] });
        appliedEvents.delete(draftId);
      },
    }),
    nominatePlayer: build.mutation<Auction, NominateRequest>({
      query: (body) => ({ url: '/auctions/nominate', method: 'POST', body }),
      transformResponse: (data: AuctionData) => data.auction,
      invalidatesTags: (_auction, error, { draftId }) => staleOwnershipTags(error, draftId),
      async onQueryStarted({ draftId }, { dispatch, queryFulfilled }) {
        const { data: auction } = await queryFulfilled.catch(() => ({ data: null }));
        if (!auction) return;
        dispatch(
          auctionsApi.util.updateQueryData('getDraftAuction', draftId, (data) =>
            applyAuctionEvent(data, ServerEvents.auctionStarted, { auction }),
          ),
        );
      },
    }),
    /**
     * A bid goes over the live socket when it is signed in (ADR 0035: half the server's work of a REST bid, on draft
     * night the bulk of its load), else as POST /auctions/{id}/bid; a socket that drops before answering hands the bid
     * to REST with the same idempotency key, so it is placed once whichever way got through.
     */
    placeBid: build.mutation<BidOutcome, PlaceBidArgs>({
      async queryFn(args, api, _extraOptions, baseQuery) {
        const { auctionId, draftId, bidAmount, teamId, idempotencyKey } = args;
        if ((api.getState() as RootState).live.status === 'authenticated') {
          const live = await askLiveSocket(
            ClientEvents.bidOnPlayer,
            { draftId, playerId: args.playerId, auctionId, bidAmount, teamId, commandId: idempotencyKey },
            API_TIMEOUT_MS,
          );
          if (live.answered) return bidOutcomeOf(live.answer);
        }
        const result = await baseQuery({
          url: `${auctionUrl(auctionId)}/bid`,
          method: 'POST',
          body: { bidAmount, teamId },
          headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        });
        if (result.error) return { error: result.error as ApiError };
        const auction = (result.data as AuctionData).auction;
        return { data: { auction, currentBid: auction.currentBid, currentBidder: auction.currentBidder } };
      },
      invalidatesTags: (_outcome, error, { draftId }) => staleOwnershipTags(error, draftId),
      async onQueryStarted({ draftId }, { dispatch, queryFulfilled }) {
        const { data: outcome } = await queryFulfilled.catch(() => ({ data: null }));
        // Over the socket the room's bidPlaced carries the auction; over REST the answer does.
        if (!outcome?.auction) return;
        const { auction } = outcome;
        dispatch(
          auctionsApi.util.updateQueryData('getDraftAuction', draftId, (data) =>
            applyAuctionEvent(data, ServerEvents.bidPlaced, { auction }),
          ),
        );
      },
    }),
    /** The server refuses before the deadline and is idempotent after: failures are logged, not shown. */
    completeAuction: build.mutation<null, CompleteAuctionArgs>({
      query: ({ auctionId }) => ({ url: `${auctionUrl(auctionId)}/complete`, method: 'POST' }),
      transformResponse: () => null,
      extraOptions: { handlesOwnErrors: true },
    }),
  }),
});

export const {
  useGetDraftAuctionQuery,
  useNominatePlayerMutation,
  usePlaceBidMutation,
  useCompleteAuctionMutation,
} = auctionsApi;
