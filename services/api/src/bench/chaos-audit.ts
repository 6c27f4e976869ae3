/**
 * What `npm run chaos` checks in the event log after the run (pure, so it is unit-tested): every acknowledged bid
 * is in the log once, no command landed twice, and how late each draft timer fired.
 */

/** A draft stream event as read back from es_events. */
export type LoggedEvent = {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  commandId: string | null;
  /** When the event was committed (ms since the epoch), where the audit needs it. */
  recordedAt?: number;
};

/** A bid whose answer was cut off by a kill and which its client sent again with the same idempotency key. */
/** A bid sent again with its key after a cut-off answer: the answer it got then (its message when not a 200). */
export type ResentBid = { key: string; cutOffAt: number; status: number; message?: string };

export type ResendAudit = {
  resent: number;
  /**
   * Re-sent bids whose first attempt had committed: the log holds the key, recorded (the statement's start) before the
   * answer was cut off, so by the first attempt (the commit itself may come after the kill: PostgreSQL finishes it).
   */
  committedBeforeCutOff: number;
  /** ...and of those, how many were answered 200 on the re-send (the first outcome; all of them should be). */
  committedAnswered200: number;
  /** Re-sent bids answered with a refusal although their key is in the log: a committed bid reported as refused. */
  refusedButLogged: number;
  /** Each of those: its status, message, and when its key committed relative to the cut-off. */
  refusedButLoggedDetails: string[];
};

/** A bid the API answered 200 to. */
export type AckedBid = { auctionId: string; teamId: string; amount: number };

/** The API was not serving from `killedAt` (kill -9) until `healthyAt` (the restarted process answered). */
export type Outage = { killedAt: number; healthyAt: number };

export type TimerFire = {
  kind: 'auction' | 'nomination';
  streamId: string;
  deadline: number;
  firedAt: number;
  /** Deadline → fire. */
  lateMs: number;
  /** A kill -9 came between the deadline and the fire (the API was down at the deadline, or died before firing). */
  interrupted: boolean;
  /** From the later of the deadline and the API serving again after the last such kill → fire. */
  lateAfterUpMs: number;
};

export type ChaosAudit = {
  ackedBids: number;
  /** Acknowledged, yet no BidPlaced with that auction, team and amount is in the log. */
  lostBids: AckedBid[];
  /** Command ids that appended the same event type more than once. */
  duplicatedCommands: number;
  /** The same bid, auction completion or sale in the log more than once (a command applied twice). */
  duplicatedBids: number;
  duplicatedCompletions: number;
  duplicatedSales: number;
  timers: TimerFire[];
};

const at = (value: unknown): number => Date.parse(String(value));
const bidKey = (auctionId: unknown, teamId: unknown, amount: unknown) => `${auctionId}|${teamId}|${amount}`;

function countRepeats(keys: string[]): number {
  const seen = new Map<string, number>();
  for (const key of keys) seen.set(key, (seen.get(key) ?? 0) + 1);
  return [...seen.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
}

export function auditChaos(
  events: readonly LoggedEvent[],
  acked: readonly AckedBid[],
  outages: readonly Outage[],
) {
  const bids = events.filter((event) => event.type === 'BidPlaced');
  const logged = new Set(bids.map(({ data }) => bidKey(data['auctionId'], data['teamId'], data['amount'])));
  const perCommand = events
    .filter((event) => event.commandId !== null)
    .map((event) => `${event.commandId}|${event.type}`);
  return {
    ackedBids: acked.length,
    lostBids: acked.filter((bid) => !logged.has(bidKey(bid.auctionId, bid.teamId, bid.amount))),
    duplicatedCommands: countRepeats(perCommand),
    duplicatedBids: countRepeats(
      bids.map(({ data }) => bidKey(data['auctionId'], data['teamId'], data['amount'])),
    ),
    duplicatedCompletions: countRepeats(
      events
        .filter((event) => event.type === 'AuctionCompleted')
        .map(({ data }) => String(data['auctionId'])),
    ),
    duplicatedSales: countRepeats(
      events
        .filter((event) => event.type === 'PlayerSold')
        .map(({ streamId, data }) => `${streamId}|${(data['pick'] as { playerId: string }).playerId}`),
    ),
    timers: timerFires(events, outages),
  } satisfies ChaosAudit;
}

/** Matches each re-sent bid with the event its key appended, if any (command ids end with `:<client's key>`). */
export function auditResends(events: readonly LoggedEvent[], resent: readonly ResentBid[]): ResendAudit {
  const committedAt = new Map<string, number>();
  for (const { commandId, recordedAt } of events) {
    const key = commandId?.slice(commandId.lastIndexOf(':') + 1);
    if (key && recordedAt !== undefined && !committedAt.has(key)) committedAt.set(key, recordedAt);
  }
  const committedFirst = resent.filter((bid) => (committedAt.get(bid.key) ?? Infinity) < bid.cutOffAt);
  const refusedButLogged = resent.filter((bid) => bid.status !== 200 && committedAt.has(bid.key));
  return {
    resent: resent.length,
    committedBeforeCutOff: committedFirst.length,
    committedAnswered200: committedFirst.filter((bid) => bid.status === 200).length,
    refusedButLogged: refusedButLogged.length,
    refusedButLoggedDetails: refusedButLogged.map(
      (bid) =>
        `${bid.status} "${bid.message ?? ''}", committed ${committedAt.get(bid.key)! - bid.cutOffAt} ms after the cut-off`,
    ),
  };
}

/** Replays each draft's clocks: an auction's deadline moves with every bid; a nomination clock runs between auctions. */
export function timerFires(events: readonly LoggedEvent[], outages: readonly Outage[]): TimerFire[] {
  const clocks = new Map<string, { auction: number | null; nomination: number | null }>();
  const fires: TimerFire[] = [];
  const fire = (kind: TimerFire['kind'], streamId: string, deadline: number, firedAt: number) => {
    // The restart a fire waited for: the last kill after which the API came back, between deadline and fire (its
    // health answer can come a little after the start-up re-arm fired, so the fire may precede it).
    const restarts = outages
      .filter((outage) => outage.healthyAt > deadline && outage.killedAt < firedAt)
      .map((outage) => outage.healthyAt);
    const due = Math.max(deadline, ...restarts);
    fires.push({
      kind,
      streamId,
      deadline,
      firedAt,
      lateMs: firedAt - deadline,
      interrupted: restarts.length > 0,
      lateAfterUpMs: firedAt - due,
    });
  };
  for (const { streamId, type, data } of events) {
    const clock = clocks.get(streamId) ?? { auction: null, nomination: null };
    clocks.set(streamId, clock);
    switch (type) {
      case 'DraftStarted':
      case 'NominationTurnPassed':
      case 'DraftReopened':
        clock.nomination = data['nominationDeadline'] ? at(data['nominationDeadline']) : null;
        break;
      case 'PlayerNominated':
        if (data['auto'] === true && clock.nomination !== null) {
          fire('nomination', streamId, clock.nomination, at(data['nominatedAt']));
        }
        clock.nomination = null;
        clock.auction = at(data['deadline']);
        break;
      case 'BidPlaced':
        clock.auction = at(data['deadline']);
        break;
      case 'AuctionCompleted':
        if (clock.auction !== null) fire('auction', streamId, clock.auction, at(data['completedAt']));
        clock.auction = null;
        break;
      case 'DraftPaused':
        clock.auction = null;
        clock.nomination = null;
        break;
      case 'DraftResumed':
        clock.auction = data['auctionDeadline'] ? at(data['auctionDeadline']) : null;
        clock.nomination = data['nominationDeadline'] ? at(data['nominationDeadline']) : null;
        break;
    }
  }
  return fires;
}
