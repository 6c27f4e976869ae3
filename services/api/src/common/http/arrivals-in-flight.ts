/**
 * How long a clock's command (a sale, an auto-nomination) waits at most for the commands received before it: a
 * request stuck on a lock must not stop every clock of the process.
 */
export const ARRIVALS_WAIT_MAX_MS = 2000;

interface Arrival {
  at: number;
  answered: Promise<void>;
}

/**
 * The commands this process received and is still handling, by the instant they arrived (ADR 0006: a bid, a
 * nomination or a pause counts from when it arrived). A command arrives long before it reaches its draft's queue:
 * an HTTP request's token check reads PostgreSQL, and on a busy database that took longer than the 150 ms a timer
 * waits after its deadline, so the sale went into the queue first and a bid received 400 ms before the deadline was
 * refused as "The auction has ended". A clock's command therefore first waits for the commands received before it
 * (the process knows no better which draft a request is for until its handler runs; they take milliseconds).
 */
export class ArrivalsInFlight {
  private readonly pending = new Set<Arrival>();

  /** Registers a command received at `at` (ms); call the answer once it has been answered. */
  enter(at: number): () => void {
    let leave!: () => void;
    const arrival: Arrival = { at, answered: new Promise<void>((resolve) => (leave = resolve)) };
    this.pending.add(arrival);
    return () => {
      this.pending.delete(arrival);
      leave();
    };
  }

  /** Resolves once every command received strictly before `instant` has been answered, or after `maxWaitMs`. */
  async answeredBefore(instant: number, maxWaitMs = ARRIVALS_WAIT_MAX_MS): Promise<void> {
    const earlier: Promise<void>[] = [];
    for (const arrival of this.pending) if (arrival.at < instant) earlier.push(arrival.answered);
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
