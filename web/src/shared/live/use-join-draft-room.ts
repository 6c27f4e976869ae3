import { ClientEvents } from '@auction/contracts';
import { useEffect } from 'react';
import { getLiveSocket, replacedConnectionId } from './live-socket-registry.js';

/**
 * Joins a draft's live room while the connection is `authenticated` (again after every reconnect, which also makes
 * the room's caches fetch a fresh snapshot, naming the connection the new one replaces) and leaves it on exit: the
 * room's events (bids, sales, pick corrections) reach only sockets in the room. Used by the draft room and the board.
 */
export function useJoinDraftRoom(draftId: string | null, authenticated: boolean): void {
  useEffect(() => {
    if (!authenticated || !draftId) return;
    const socket = getLiveSocket();
    const replaces = replacedConnectionId();
    socket?.emit(ClientEvents.joinDraft, replaces ? { draftId, replaces } : { draftId });
    return () => {
      if (socket?.connected) socket.emit(ClientEvents.leaveDraft, { draftId });
    };
  }, [authenticated, draftId]);
}
