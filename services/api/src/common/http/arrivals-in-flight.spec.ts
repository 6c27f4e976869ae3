import { describe, expect, it } from '@jest/globals';
import { ArrivalsInFlight } from './arrivals-in-flight.js';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
};

describe('ArrivalsInFlight', () => {
  it('waits for the commands received strictly before an instant, until they are answered', async () => {
    const arrivals = new ArrivalsInFlight();
    const early = arrivals.enter(100);
    const same = arrivals.enter(200);
    arrivals.enter(300);
    // Itself (the same instant) and later arrivals are not waited for.
    expect(await settled(arrivals.answeredBefore(100))).toBe(true);
    const waiting = arrivals.answeredBefore(200);
    expect(await settled(waiting)).toBe(false);
    same();
    expect(await settled(waiting)).toBe(false);
    early();
    expect(await settled(waiting)).toBe(true);
  });

  it('gives up after the longest wait: a stuck request does not stop the clocks', async () => {
    const arrivals = new ArrivalsInFlight();
    arrivals.enter(100);
    const startedAt = Date.now();
    await arrivals.answeredBefore(101, 50);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(45);
  });
});
