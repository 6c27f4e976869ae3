import { ClientEvents, type JoinMode } from '@auction/contracts';
import { useEffect } from 'react';
import { getLiveSocket, replacedConnectionId } from './live-socket-registry.js';

/**
 * Joins a draft's live room while the connection is `authenticated` (again after every reconnect, which also makes
 * the room's caches fetch a fresh snapshot, naming the connection the new one replaces) and leaves it on exit: the
 * room's events (bids, sales, pick corrections) reach only sockets in the room. Used by the draft room and the draft
 * board; the board joins as a watcher (`watch`): it gets the room's events, but its user is not shown in the room nor
 * announced to it (docs/product.md §2.11), so it holds no place there to replace.
 */
export function useJoinDraftRoom(
  draftId: string | null,
  authenticated: boolean,
  mode: JoinMode = 'participate',
): void {
  useEffect(() => {
    if (!authenticated || !draftId) return;
    const socket = getLiveSocket();
    const replaces = replacedConnectionId();
    socket?.emit(
      ClientEvents.joinDraft,
      mode === 'watch' ? { draftId, mode } : replaces ? { draftId, replaces } : { draftId },
    );
    return () => {
      if (socket?.connected) socket.emit(ClientEvents.leaveDraft, { draftId });
    };
  }, [authenticated, draftId, mode]);
}
