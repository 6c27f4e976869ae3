import { ClientEvents, ServerEvents, chatTextSchema, firstIssueMessage } from '@auction/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useGetDraftChatQuery } from './api/chat.api.js';
import { getLiveSocket } from '../../shared/live/live-socket-registry.js';
import { useLiveEvent } from '../../shared/live/use-live-event.js';
import { isOwnUser, type OwnUser } from './own-user.js';

/** A typing indicator whose stop never arrived (the other user closed the tab) fades after this long. */
export const TYPING_STALE_MS = 6_000;

/**
 * docs/product.md §5.5 (Chat): a chat message is trimmed, not empty (nor invisible characters only), at most 500
 * characters — the server's own schema, so the box refuses exactly what the server would.
 */
export function chatTextProblem(text: string): string | null {
  const result = chatTextSchema.safeParse(text);
  return result.success ? null : firstIssueMessage(result.error);
}

/** "ann is typing...", "ann and bob are typing...", "3 people are typing...". */
export function typingText(usernames: readonly string[]): string | null {
  if (usernames.length === 0) return null;
  if (usernames.length === 1) return `${usernames[0]} is typing...`;
  if (usernames.length === 2) return `${usernames[0]} and ${usernames[1]} are typing...`;
  return `${usernames.length} people are typing...`;
}

/** The room's chat: messages from the cache the socket fills, who else is typing, and sending. */
export function useDraftChat(draftId: string, own: OwnUser) {
  const { data: messages = [] } = useGetDraftChatQuery(draftId);
  const [typingUsers, setTypingUsers] = useState<string[]>([]);
  const staleTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useLiveEvent(ServerEvents.userTyping, (payload) => {
    const event = payload as {
      draftId?: string;
      userId?: string;
      username?: string;
      isTyping?: boolean;
    } | null;
    if (!event || event.draftId !== draftId || !event.username || isOwnUser(event, own)) return;
    const username = event.username;
    const timers = staleTimers.current;
    clearTimeout(timers.get(username));
    timers.delete(username);
    const remove = () => setTypingUsers((users) => users.filter((name) => name !== username));
    if (event.isTyping) {
      setTypingUsers((users) => (users.includes(username) ? users : [...users, username]));
      timers.set(username, setTimeout(remove, TYPING_STALE_MS));
    } else {
      remove();
    }
  });
  // A message from someone ends their typing.
  useLiveEvent(ServerEvents.chatMessage, (payload) => {
    const username = (payload as { user?: { username?: string } } | null)?.user?.username;
    if (username) setTypingUsers((users) => users.filter((name) => name !== username));
  });

  useEffect(() => {
    const timers = staleTimers.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const send = useCallback(
    (text: string): boolean => {
      // Live actions are sent only while connected (socket.io would otherwise queue them for a later reconnect).
      const socket = getLiveSocket();
      if (!socket?.connected || chatTextProblem(text)) return false;
      socket.emit(ClientEvents.chatMessage, { draftId, message: text.trim() });
      return true;
    },
    [draftId],
  );
  const signalTyping = useCallback(
    (isTyping: boolean) => {
      const socket = getLiveSocket();
      if (socket?.connected) socket.emit(ClientEvents.typing, { draftId, isTyping });
    },
    [draftId],
  );

  return { messages, typingUsers, send, signalTyping };
}
