import { ServerEvents } from '@auction/contracts';

/**
 * docs/product.md §2.6 (Draft room), Alerts (extension, issue 13): what the user is alerted to. `outbid`: a bid took
 * the lead of the open auction from the user's team; `onTheClock`: the user's team must nominate.
 */
export type DraftAlert =
  { kind: 'outbid'; bidderName: string; amount: number; playerName: string } | { kind: 'onTheClock' };

/** What the alerts remember between live events: who leads which auction, and whose turn it is. */
export interface AlertWatch {
  auctionId: string | null;
  leaderId: string | null;
  turnTeamId: string | null;
}

interface AuctionLike {
  _id: string;
  playerName?: string;
  currentBid?: number;
  currentBidder: { _id: string; name?: string };
}

/** The watch as a room snapshot shows it (the open auction and the team on the clock). */
export function alertWatchOf(snapshot: {
  auction: AuctionLike | null;
  currentTeamTurn: { _id: string } | null;
}): AlertWatch {
  return {
    auctionId: snapshot.auction?._id ?? null,
    leaderId: snapshot.auction?.currentBidder._id ?? null,
    turnTeamId: snapshot.currentTeamTurn?._id ?? null,
  };
}

interface AlertPayload {
  auction?: AuctionLike | null;
  bidderName?: string;
  bidAmount?: number;
  action?: string;
  draft?: { status?: string; currentTeamTurn?: { _id: string } | null } | null;
  currentTeamTurn?: { _id: string } | null;
}

/**
 * Applies one live event to the watch and says whether it alerts `teamId` (pure). Outbid: a `bidPlaced` whose
 * auction the team led, now led by another team (a bid answered at once by a rival's maximum counts: the team led
 * for a moment). On the clock: a draft event whose turn is the team's, when it was not before or the turn passed
 * again to it. No team (a spectator, an admin without one): never an alert.
 */
export function nextAlert(
  watch: AlertWatch,
  event: string,
  payload: unknown,
  teamId: string | null,
): { watch: AlertWatch; alert: DraftAlert | null } {
  const live = (payload ?? {}) as AlertPayload;
  switch (event) {
    case ServerEvents.auctionStarted:
    case ServerEvents.bidPlaced: {
      const auction = live.auction;
      if (!auction?.currentBidder) return { watch, alert: null };
      const previousLeader = watch.auctionId === auction._id ? watch.leaderId : null;
      const leaderId = auction.currentBidder._id;
      const next = { ...watch, auctionId: auction._id, leaderId };
      const outbid =
        event === ServerEvents.bidPlaced &&
        teamId !== null &&
        previousLeader === teamId &&
        leaderId !== teamId;
      return {
        watch: next,
        alert: outbid
          ? {
              kind: 'outbid',
              bidderName: live.bidderName ?? auction.currentBidder.name ?? 'Another team',
              amount: live.bidAmount ?? auction.currentBid ?? 0,
              playerName: auction.playerName ?? '',
            }
          : null,
      };
    }
    case ServerEvents.auctionCompleted: {
      if (live.auction && live.auction._id !== watch.auctionId) return { watch, alert: null };
      return { watch: { ...watch, auctionId: null, leaderId: null }, alert: null };
    }
    case ServerEvents.draftStarted:
    case ServerEvents.draftUpdated:
    case ServerEvents.draftCompleted: {
      const completed = event === ServerEvents.draftCompleted || live.draft?.status === 'completed';
      const turn = live.currentTeamTurn !== undefined ? live.currentTeamTurn : live.draft?.currentTeamTurn;
      if (turn === undefined && !completed) return { watch, alert: null };
      const turnTeamId = completed ? null : (turn?._id ?? null);
      const comesOn =
        teamId !== null &&
        turnTeamId === teamId &&
        (watch.turnTeamId !== teamId || live.action === 'turnPassed');
      return { watch: { ...watch, turnTeamId }, alert: comesOn ? { kind: 'onTheClock' } : null };
    }
    default:
      return { watch, alert: null };
  }
}

/** The events the alerts follow. */
export const ALERT_EVENTS = [
  ServerEvents.auctionStarted,
  ServerEvents.bidPlaced,
  ServerEvents.auctionCompleted,
  ServerEvents.draftStarted,
  ServerEvents.draftUpdated,
  ServerEvents.draftCompleted,
] as const;

/** docs/product.md §2.6 (Draft room), Alerts: the notification's title and text. */
export function alertText(alert: DraftAlert): { title: string; body: string } {
  if (alert.kind === 'onTheClock') {
    return {
      title: 'Your team is on the clock',
      body: 'Nominate the next player before the clock runs out.',
    };
  }
  return {
    title: 'You were outbid',
    body: `${alert.bidderName} bid $${alert.amount}${alert.playerName ? ` on ${alert.playerName}` : ''}`,
  };
}
