import {
  ClientEvents,
  ServerEvents,
  TOO_MANY_ROOM_SOCKETS_MESSAGE,
  type Pick as DraftPick,
  type Team,
} from '@auction/contracts';
import { useCallback, useState } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { baseApi } from '../../shared/api/base-api.js';
import { createLiveGate, draftIdOf } from '../../shared/live/live-gate.js';
import { getLiveSocket } from '../../shared/live/live-socket-registry.js';
import { useJoinDraftRoom } from '../../shared/live/use-join-draft-room.js';
import { useLiveEvents } from '../../shared/live/use-live-event.js';
import { isOwnUser, type OwnUser } from './own-user.js';

/** docs/product.md §8.5 (Success and live toasts) and §9 (Constants): the room's live toasts and how long they stay. */
export const ROOM_TOASTS = {
  draftStarted: 'Draft has started!',
  draftCompleted: 'Draft completed!',
  playersUpdated: 'Available players updated',
  playerListUpdated: 'Player list updated',
  joinedRoom: 'Joined draft room',
  pickUndone: (pickNumber: number) => `Pick #${pickNumber} has been undone`,
  userJoined: (name: string) => `${name} joined the draft`,
  userLeft: (name: string) => `${name} left the draft`,
  bid: (bidder: string, amount: number) => `${bidder} bid $${amount}`,
  sale: (winner: string, player: string, price: number) => `${winner} won ${player} for $${price}`,
  assigned: (player: string, team: string, cost: number) => `${player} assigned to ${team} for $${cost}`,
  pick: (team: string, player: string, position: string, cost: number) =>
    `${team} drafted ${player} (${position}) for $${cost}`,
} as const;

export const TOAST_MS = {
  draftStarted: 5_000,
  pick: 5_000,
  draftCompleted: 10_000,
  playersUpdated: 2_000,
} as const;

/** docs/product.md §9 (Constants): the joined-draft flag lives in session storage, one per draft. */
export const joinedFlagKey = (draftId: string) => `joinedDraft:${draftId}`;

function firstJoinThisSession(draftId: string): boolean {
  try {
    if (sessionStorage.getItem(joinedFlagKey(draftId))) return false;
    sessionStorage.setItem(joinedFlagKey(draftId), '1');
  } catch {
    // Storage blocked: show the toast, it is only a courtesy.
  }
  return true;
}

/**
 * Joins the draft's live room while the connection is authenticated (again after every reconnect, which also makes
 * the room's caches fetch a fresh snapshot), leaves it on exit, and shows the room's live toasts once per event.
 * Answers whether the server refused the join because the room is open in too many of the user's tabs (the page
 * then gets no live events: docs/product.md §14), and a way to ask again.
 */
export function useDraftRoomLive({
  draftId,
  own,
  biddingTeamIds,
}: {
  draftId: string;
  own: OwnUser;
  /** Teams the user bids for: their own bids are confirmed by 'Bid placed', not announced again. */
  biddingTeamIds: readonly string[];
}): { roomFull: boolean; retryJoin: () => void } {
  const dispatch = useAppDispatch();
  const authenticated = useAppSelector((state) => state.live.status === 'authenticated');

  useJoinDraftRoom(draftId, authenticated);
  const [roomFull, setRoomFull] = useState(false);
  // The refusal names no draft; it answers this room's join, the only one this page sends.
  useLiveEvents({
    [ServerEvents.error]: (payload: unknown) => {
      if ((payload as { message?: unknown } | null)?.message === TOO_MANY_ROOM_SOCKETS_MESSAGE)
        setRoomFull(true);
    },
    [ServerEvents.draftJoined]: (payload: unknown) => {
      if (draftIdOf(payload) === draftId) setRoomFull(false);
    },
  });
  const retryJoin = useCallback(() => {
    getLiveSocket()?.emit(ClientEvents.joinDraft, { draftId });
  }, [draftId]);

  // One gate for the toasts: an event delivered twice toasts once; the events of one sale each toast.
  const [gate] = useState(createLiveGate);
  // Who is in the room as this client last heard: someone already in draftJoined's list is not announced again
  // (two owners joining at once through two API instances can be told of each other both ways).
  const [inRoom] = useState(() => new Set<string>());
  const toasts: Record<string, (payload: never) => void> = {
    [ServerEvents.draftJoined]: ({ activeUsers }: { activeUsers?: Array<{ username: string }> }) => {
      // (Re)joined: the sales made while this page was out of the room (elsewhere in the tab, or disconnected) were
      // never heard, so the player lists, cached meanwhile, are read again.
      dispatch(baseApi.util.invalidateTags(['Players']));
      inRoom.clear();
      for (const user of activeUsers ?? []) inRoom.add(user.username);
      if (firstJoinThisSession(draftId)) toast.success(ROOM_TOASTS.joinedRoom);
    },
    [ServerEvents.userJoined]: (event: { userId?: string; username: string }) => {
      if (inRoom.has(event.username)) return;
      inRoom.add(event.username);
      if (!isOwnUser(event, own)) toast(ROOM_TOASTS.userJoined(event.username));
    },
    [ServerEvents.userLeft]: (event: { userId?: string; username: string }) => {
      inRoom.delete(event.username);
      if (!isOwnUser(event, own)) toast(ROOM_TOASTS.userLeft(event.username));
    },
    [ServerEvents.draftStarted]: () =>
      toast.success(ROOM_TOASTS.draftStarted, { duration: TOAST_MS.draftStarted }),
    [ServerEvents.draftCompleted]: () =>
      toast.success(ROOM_TOASTS.draftCompleted, { duration: TOAST_MS.draftCompleted }),
    [ServerEvents.pickMade]: ({ pick, team }: { pick: DraftPick; team?: Team }) =>
      toast.success(
        ROOM_TOASTS.pick(team?.name ?? pick.teamId.name, pick.playerName, pick.position, pick.cost),
        {
          duration: TOAST_MS.pick,
        },
      ),
    [ServerEvents.pickUndone]: ({ pickNumber }: { pickNumber: number }) =>
      toast(ROOM_TOASTS.pickUndone(pickNumber)),
    [ServerEvents.bidPlaced]: ({ bidderName, bidAmount, auction }: BidPlacedLive) => {
      if (auction?.currentBidder && biddingTeamIds.includes(auction.currentBidder._id)) return;
      toast(ROOM_TOASTS.bid(bidderName, bidAmount));
    },
    [ServerEvents.auctionCompleted]: ({ winnerName, playerName, winningBid }: SaleLive) =>
      toast.success(ROOM_TOASTS.sale(winnerName, playerName, winningBid)),
    [ServerEvents.playerAssigned]: ({
      playerName,
      teamName,
      cost,
    }: {
      playerName: string;
      teamName: string;
      cost: number;
    }) => toast.success(ROOM_TOASTS.assigned(playerName, teamName, cost)),
    [ServerEvents.playerUpdated]: ({ action }: { action: string }) => {
      // docs/product.md §4.8 (The draft room in the browser): drafted, undrafted or updated refresh the player list;
      // drafted says the available players changed. A player back in the pool or corrected changes the list too: that
      // is the 'Player list updated' success toast of docs/product.md §8.5 (Success and live toasts), see
      // docs/adr/0008. A catalogue change (no draft) concerns this room too.
      dispatch(baseApi.util.invalidateTags(['Players']));
      if (action === 'drafted') toast(ROOM_TOASTS.playersUpdated, { duration: TOAST_MS.playersUpdated });
      else if (action === 'undrafted' || action === 'updated') toast.success(ROOM_TOASTS.playerListUpdated);
    },
  };
  useLiveEvents(
    Object.fromEntries(
      Object.entries(toasts).map(([event, show]) => [
        event,
        (payload: unknown) => {
          if (!concernsRoom(event, payload, draftId)) return;
          if (!gate.accept(event, payload)) return;
          show(payload as never);
        },
      ]),
    ),
  );
  return { roomFull, retryJoin };
}

/** Events of this draft, and playerUpdated for the shared catalogue (draftId null: every draft's grid shows it). */
function concernsRoom(event: string, payload: unknown, draftId: string): boolean {
  const eventDraftId = draftIdOf(payload);
  if (eventDraftId === draftId) return true;
  return event === ServerEvents.playerUpdated && eventDraftId === null;
}

interface BidPlacedLive {
  bidderName: string;
  bidAmount: number;
  auction?: { currentBidder?: { _id: string } };
}
interface SaleLive {
  winnerName: string;
  playerName: string;
  winningBid: number;
}
