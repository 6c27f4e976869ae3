/** How long a refusal waits for this process's next append on its stream before reading the stream itself. */
export const FRESHNESS_WAIT_MS = 20;

interface Waiter {
  arrivedAt: number;
  /** The stream version the answer was decided on. */
  version: number;
  resolve: (fresh: boolean) => void;
}

/**
 * Answers that wait to learn whether the stream moved since they were decided (ADR 0036).
 *
 * A refusal of a command with an idempotency key, decided on a state not yet verified after the command arrived,
 * cannot be answered at once: another instance may have appended that very command (the client's retry then
 * deserves its first outcome). Reading the stream settles it, but costs a query per racing round, in the stream's
 * queue, ahead of the next bid. Yet the next bid usually settles it for free: an append from version v that holds
 * proves the stream was still at v when it began. So such a refusal waits, outside the queue, for the first of:
 * an append of this process from its version (fresh), a read of the stream (fresh when it found no newer event),
 * or FRESHNESS_WAIT_MS, when the `verify` it was given reads the stream.
 */
export class FreshnessWaiters {
  private readonly waiting = new Map<string, Waiter[]>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly verifiers = new Map<string, () => void>();

  constructor(private readonly waitMs = FRESHNESS_WAIT_MS) {}

  /**
   * True once the stream is known to have been at `version` at a moment after `arrivedAt` (the answer decided at
   * `version` stands); false once it is known to have moved (decide again). Never rejects.
   */
  wait(streamId: string, arrivedAt: number, version: number, verify: () => void): Promise<boolean> {
    return new Promise((resolve) => {
      const list = this.waiting.get(streamId) ?? [];
      list.push({ arrivedAt, version, resolve });
      this.waiting.set(streamId, list);
      this.verifiers.set(streamId, verify);
      this.arm(streamId);
    });
  }

  isWaiting(streamId: string): boolean {
    return this.waiting.has(streamId);
  }

  /**
   * The stream was at `version` at `knownAt`: an append of this process from `version` began then and held, or a
   * read that began then found the stream at `version`. Settles every answer that arrived before.
   */
  streamWasAt(streamId: string, version: number, knownAt: number): void {
    const list = this.waiting.get(streamId);
    if (!list) return;
    const later = list.filter((waiter) => waiter.arrivedAt >= knownAt);
    for (const waiter of list) if (waiter.arrivedAt < knownAt) waiter.resolve(waiter.version === version);
    if (later.length > 0) {
      this.waiting.set(streamId, later);
      return;
    }
    this.forget(streamId);
  }

  /** The stream could not be read: every waiting answer is decided again (and meets the failure itself). */
  giveUp(streamId: string): void {
    for (const waiter of this.waiting.get(streamId) ?? []) waiter.resolve(false);
    this.forget(streamId);
  }

  private arm(streamId: string): void {
    if (this.timers.has(streamId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(streamId);
      if (!this.waiting.has(streamId)) return;
      this.verifiers.get(streamId)?.();
      // Answers that arrive after that read began are settled by a later one.
      this.arm(streamId);
    }, this.waitMs);
    timer.unref?.();
    this.timers.set(streamId, timer);
  }

  private forget(streamId: string): void {
    this.waiting.delete(streamId);
    this.verifiers.delete(streamId);
    const timer = this.timers.get(streamId);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(streamId);
  }
}
