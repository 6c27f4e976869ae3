/** What an outage log writes to (Nest's Logger). */
export interface OutageLogger {
  log(message: string): void;
  warn(message: string): void;
}

/**
 * Says once that a feature runs without Redis and once that it has Redis again, however many calls fail in between
 * (thousands of sockets reconnecting during an outage would otherwise log one line each).
 */
export class RedisOutageLog {
  private unavailableSince: number | null = null;

  /**
   * `degraded` completes "… while Redis does not answer", `restored` "… (Redis answered after N ms)":
   * e.g. "rate limits are not checked" and "rate limits are checked again".
   */
  constructor(
    private readonly logger: OutageLogger,
    private readonly degraded: string,
    private readonly restored: string,
  ) {}

  /** A Redis call answered: ends the outage, if one was logged. */
  answered(now = Date.now()): void {
    if (this.unavailableSince === null) return;
    this.logger.log(`${this.restored} (Redis answered after ${now - this.unavailableSince} ms)`);
    this.unavailableSince = null;
  }

  /** A Redis call failed or timed out: logs the first failure of an outage. */
  failed(error: unknown, now = Date.now()): void {
    if (this.unavailableSince !== null) return;
    this.unavailableSince = now;
    const reason = error instanceof Error ? error.message : String(error);
    this.logger.warn(`${this.degraded} while Redis does not answer: ${reason}`);
  }
}
