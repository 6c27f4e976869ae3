/**
 * How long a clock's command (a sale, an auto-nomination) waits at most for the commands received before it: a
 * request stuck on a lock must not stop every clock of its draft.
 */
export const ARRIVALS_WAIT_MAX_MS = 2000;

/** The draft a command is for, or null while it is not known yet (a REST route that names an auction, not a draft). */
export type ArrivalDraft = string | null;

interface Arrival {
  at: number;
  answered: Promise<void>;
}

/**
 * The commands this process received and is still handling, by the instant they arrived and the draft they are for
 * (ADR 0006: a bid, a nomination or a pause counts from when it arrived). A command arrives long before it reaches its
 * draft's queue: an HTTP request's token check reads PostgreSQL, and on a busy database that took longer than the
 * 150 ms a timer waits after its deadline, so the sale went into the queue first and a bid received 400 ms before the
 * deadline was refused as "The auction has ended". A clock's command therefore first waits for the commands received
 * before it **for its draft**, and for those whose draft is not known yet; another draft's commands cannot move its
 * clock, so one busy league never holds up another's sales (each draft is its own world, issue 10).
 */
export class ArrivalsInFlight {
  private readonly pending = new Map<ArrivalDraft, Set<Arrival>>();

  /** Registers a command for `draftId` received at `at` (ms); call the answer once it has been answered. */
  enter(at: number, draftId: ArrivalDraft): () => void {
    let leave!: () => void;
    const arrival: Arrival = { at, answered: new Promise<void>((resolve) => (leave = resolve)) };
    let ofDraft = this.pending.get(draftId);
    if (!ofDraft) this.pending.set(draftId, (ofDraft = new Set()));
    ofDraft.add(arrival);
    return () => {
      ofDraft.delete(arrival);
      if (ofDraft.size === 0 && this.pending.get(draftId) === ofDraft) this.pending.delete(draftId);
      leave();
    };
  }

  /**
   * Resolves once every command for `draftId` (or for a draft not known yet) received strictly before `instant` has
   * been answered, or after `maxWaitMs`.
   */
  async answeredBefore(instant: number, draftId: string, maxWaitMs = ARRIVALS_WAIT_MAX_MS): Promise<void> {
    const earlier: Promise<void>[] = [];
    for (const key of [draftId, null]) {
      for (const arrival of this.pending.get(key) ?? [])
        if (arrival.at < instant) earlier.push(arrival.answered);
    }
    if (earlier.length === 0) return;
    let timeout: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => (timeout = setTimeout(resolve, maxWaitMs)));
    try {
      await Promise.race([Promise.all(earlier), givenUp]);
    } finally {
      clearTimeout(timeout);
    }
  }
}

/** One per process: the HTTP middleware and the socket gateway register, the clocks' commands wait. */
export const arrivalsInFlight = new ArrivalsInFlight();
