import type { Clock, IntervalHandle } from '../periodic-task.js';

/** A clock whose ticks the test fires by hand. */
export class ManualClock implements Clock {
  time = 1_000;
  tickFn: (() => void) | undefined;
  everyMs: number | undefined;
  unrefs = 0;
  cleared = 0;

  now(): number {
    return this.time;
  }

  setInterval(tick: () => void, ms: number): IntervalHandle {
    this.tickFn = tick;
    this.everyMs = ms;
    return { unref: () => (this.unrefs += 1) };
  }

  clearInterval(): void {
    this.cleared += 1;
    this.tickFn = undefined;
  }

  /** Fires the interval as the timer would, even after a clear (a callback already queued). */
  fire(tick = this.tickFn): void {
    tick?.();
  }
}
