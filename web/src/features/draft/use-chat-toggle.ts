import { useCallback, useEffect, useState } from 'react';

/** The chat's collapsed state, Ctrl/Cmd+M, and the NEW marker for messages that arrive while it is collapsed. */
export function useChatToggle(latestMessageId: string | undefined) {
  const [collapsed, setCollapsed] = useState(false);
  /** The newest message when the chat was collapsed: anything after it is new. */
  const [seenId, setSeenId] = useState<string | undefined>(undefined);
  const toggle = useCallback(() => {
    setCollapsed((wasCollapsed) => !wasCollapsed);
    setSeenId(latestMessageId);
  }, [latestMessageId]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'm') {
        event.preventDefault();
        toggle();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
  const hasNew = collapsed && latestMessageId !== undefined && latestMessageId !== seenId;
  return { collapsed, toggle, hasNew };
}
