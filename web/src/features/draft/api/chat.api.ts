import { CHAT_HISTORY_LIMIT, ServerEvents, type ChatMessage } from '@auction/contracts';
import { streamLiveEvents } from '../../../shared/live/live-cache.js';
import { baseApi } from '../../../shared/api/base-api.js';

/** How many messages the room keeps; older ones scroll away. */
export const CHAT_KEEP = Math.max(CHAT_HISTORY_LIMIT, 200);

interface DraftJoinedLive {
  chatHistory?: ChatMessage[];
}

/** Adds a received message (once, by id) and keeps the newest CHAT_KEEP. */
export function appendChatMessage(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((known) => known._id === message._id)) return messages;
  return [...messages, message].slice(-CHAT_KEEP);
}

export const chatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A draft room's chat: there is no REST call, the socket fills it. Joining sends the recent history
     * (`draftJoined`), which replaces the list (docs/product.md §4.2 (Live connection): joining a draft clears the
     * chat list); then each `chatMessage`.
     */
    getDraftChat: build.query<ChatMessage[], string>({
      queryFn: () => ({ data: [] }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(draftId, lifecycle) {
        const { updateCachedData } = lifecycle;
        await streamLiveEvents(
          lifecycle,
          {
            [ServerEvents.draftJoined]: (payload) =>
              updateCachedData(() => [...((payload as DraftJoinedLive).chatHistory ?? [])]),
            [ServerEvents.chatMessage]: (payload) =>
              updateCachedData((messages) => appendChatMessage(messages, payload as ChatMessage)),
          },
          { draftId },
        );
      },
    }),
  }),
});

export const { useGetDraftChatQuery } = chatApi;
