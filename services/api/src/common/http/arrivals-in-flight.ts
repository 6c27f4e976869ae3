/**
 * How long a clock's command (a sale, an auto-nomination) waits at most for the commands received before it: a
 * request stuck on a lock must not stop every clock of its draft.
 */
export const ARRIVALS_WAIT_MAX_MS = 2000;

/** The draft a command is for, or null while it is not known yet (a REST route that names an auction, not a draft). */
export type ArrivalDraft = string | null;

/** A command received and not answered yet: where it is on its way to its draft's queue. */
interface Pending {
  at: number;
  draftId: ArrivalDraft;
  answered: Promise<void>;
  /** Resolved once the command is in its draft's queue (decided in queue order from there) or answered. */
  queued: Promise<void>;
  isQueued: boolean;
  /** Resolved with its draft once a command filed under null names it (never, for one filed under its draft). */
  named: Promise<string>;
}

/** What the receiver of a command holds: tell the queue's arrival, then the answer (both idempotent). */
export interface ArrivalTicket {
  /** The instant it arrived (ms). */
  readonly at: number;
  /** A command filed under null is for `draftId`: filed under it from here (no effect once filed under a draft). */
  readonly named: (draftId: string) => void;
  /** It is in `draftId`'s queue now (and named, if it was not). */
  readonly queued: (draftId: string) => void;
  /** It was answered (or its request closed). */
  readonly answered: () => void;
}

/**
 * The commands this process received and is still handling, by the instant they arrived and the draft they are for
 * (ADR 0006: a bid, a nomination or a pause counts from when it arrived). A command arrives long before it reaches its
 * draft's queue: an HTTP request's token check reads PostgreSQL, and on a busy database that took longer than the
 * 150 ms a timer waits after its deadline, so the sale went into the queue first and a bid received 400 ms before the
 * deadline was refused as "The auction has ended". A clock's command therefore first waits for the commands received
 * before it **for its draft**, and for those whose draft is not known yet; another draft's commands cannot move its
 * clock, so one busy league never holds up another's sales (each draft is its own world, issue 10). A bid waits only
 * until those reach the queue (`queuedBefore`): two bids of one amount are then decided in the order they arrived.
 */
export class ArrivalsInFlight {
  private readonly pending = new Map<ArrivalDraft, Set<Pending>>();

  /** Registers a command for `draftId` (null: not known yet) received at `at` (ms). */
  enter(at: number, draftId: ArrivalDraft): ArrivalTicket {
    let answer!: () => void;
    let queue!: () => void;
    let name!: (draftId: string) => void;
    const arrival: Pending = {
      at,
      draftId,
      answered: new Promise<void>((resolve) => (answer = resolve)),
      queued: new Promise<void>((resolve) => (queue = resolve)),
      isQueued: false,
      named: new Promise<string>((resolve) => (name = resolve)),
    };
    this.file(arrival);
    const ticket: ArrivalTicket = {
      at,
      named: (draft) => {
        if (arrival.draftId !== null || !this.unfile(arrival)) return;
        arrival.draftId = draft.toLowerCase();
        this.file(arrival);
        name(arrival.draftId);
      },
      queued: (draft) => {
        if (arrival.isQueued) return;
        arrival.isQueued = true;
        ticket.named(draft);
        queue();
      },
      answered: () => {
        arrival.isQueued = true;
        this.unfile(arrival);
        queue();
        answer();
      },
    };
    return ticket;
  }

  /**
   * Resolves once every command for `draftId` (or for a draft not known yet) received strictly before `instant` has
   * been answered, or after `maxWaitMs`.
   */
  async answeredBefore(instant: number, draftId: string, maxWaitMs = ARRIVALS_WAIT_MAX_MS): Promise<void> {
    const earlier = this.earlier(instant, draftId, false);
    await this.waitFor(
      earlier.map((arrival) => this.until(arrival, 'answered', draftId)),
      maxWaitMs,
    );
  }

  /**
   * Undefined when every command for `draftId` (or for a draft not known yet) received strictly before `instant` is in
   * the draft's queue or answered; else a promise that resolves once they are, or after `maxWaitMs`. Synchronous when
   * nothing is on its way, so a bid behind nobody costs no extra turn of the event loop.
   */
  queuedBefore(
    instant: number,
    draftId: string,
    maxWaitMs = ARRIVALS_WAIT_MAX_MS,
  ): Promise<void> | undefined {
    const earlier = this.earlier(instant, draftId, true);
    return earlier.length === 0
      ? undefined
      : this.waitFor(
          earlier.map((arrival) => this.until(arrival, 'queued', draftId)),
          maxWaitMs,
        );
  }

  /** When `arrival` is `queued` or `answered`; for one of a draft not known yet, also when it names another draft. */
  private until(arrival: Pending, step: 'queued' | 'answered', draftId: string): Promise<void> {
    if (arrival.draftId !== null) return arrival[step];
    return Promise.race([
      arrival[step],
      arrival.named.then((named) => (named === draftId ? arrival[step] : undefined)),
    ]);
  }

  private earlier(instant: number, draftId: string, onTheirWayOnly: boolean): Pending[] {
    const found: Pending[] = [];
    for (const key of [draftId, null]) {
      for (const arrival of this.pending.get(key) ?? []) {
        if (arrival.at < instant && !(onTheirWayOnly && arrival.isQueued)) found.push(arrival);
      }
    }
    return found;
  }

  private async waitFor(promises: Promise<void>[], maxWaitMs: number): Promise<void> {
    if (promises.length === 0) return;
    let timeout: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => (timeout = setTimeout(resolve, maxWaitMs)));
    try {
      await Promise.race([Promise.all(promises), givenUp]);
    } finally {
      clearTimeout(timeout);
    }
  }

  private file(arrival: Pending): void {
    let ofDraft = this.pending.get(arrival.draftId);
    if (!ofDraft) this.pending.set(arrival.draftId, (ofDraft = new Set()));
    ofDraft.add(arrival);
  }

  /** False when it was not filed (answered already). */
  private unfile(arrival: Pending): boolean {
    const ofDraft = this.pending.get(arrival.draftId);
    if (!ofDraft?.delete(arrival)) return false;
    if (ofDraft.size === 0) this.pending.delete(arrival.draftId);
    return true;
  }
}

/** One per process: the HTTP middleware and the socket gateway register, the clocks' commands wait. */
export const arrivalsInFlight = new ArrivalsInFlight();
