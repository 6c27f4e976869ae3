/** The timer's handle: only unref is needed, so a test clock can hand out anything that has one. */
export interface IntervalHandle {
  unref(): unknown;
}

/** The time source of the loop, injectable so tests drive the ticks themselves. */
export interface Clock {
  now(): number;
  setInterval(tick: () => void, ms: number): IntervalHandle;
  clearInterval(handle: IntervalHandle): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setInterval: (tick, ms) => setInterval(tick, ms),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface PeriodicTaskOptions {
  /** Starts its log line: `${what} failed: <message>`. */
  what: string;
  intervalMs: number;
  /** One round. */
  run: () => Promise<unknown>;
  logger: { warn(message: string): unknown };
  clock?: Clock;
}

/**
 * Every intervalMs, one round of `run`. The timer is unref'd (it never keeps the process alive), a round still
 * running when the next tick comes makes that tick a no-op (no overlap and no queue: ticks chained behind a slow
 * Redis or database would pile up without bound and then all run at once), and a failed round is logged and left
 * to the next tick: a background chore must not take the API down.
 */
export class PeriodicTask {
  private readonly clock: Clock;
  private interval: IntervalHandle | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: PeriodicTaskOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** `immediately`: the first round now rather than one interval from now. */
  start({ immediately = false }: { immediately?: boolean } = {}): void {
    if (this.interval) return;
    this.interval = this.clock.setInterval(() => this.tick(), this.options.intervalMs);
    this.interval.unref();
    if (immediately) this.tick();
  }

  /** Stops the ticks and waits for a round in flight (shutdown must not close a client under it). */
  async stop(): Promise<void> {
    if (this.interval) this.clock.clearInterval(this.interval);
    this.interval = undefined;
    await this.running;
  }

  private tick(): void {
    if (this.running || !this.interval) return;
    this.running = this.options
      .run()
      .catch((error: Error) => this.options.logger.warn(`${this.options.what} failed: ${error.message}`))
      .finally(() => (this.running = undefined));
  }
}
