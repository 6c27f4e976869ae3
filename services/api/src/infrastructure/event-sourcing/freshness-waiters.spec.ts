import { describe, expect, it, jest } from '@jest/globals';
import { FreshnessWaiters } from './freshness-waiters.js';

describe('FreshnessWaiters', () => {
  it('settles the answers that arrived before the stream was seen: fresh at their version, moved otherwise', async () => {
    const waiters = new FreshnessWaiters(60_000);
    const verify = jest.fn();
    const atTwo = waiters.wait('s', 10, 2, verify);
    const atOne = waiters.wait('s', 11, 1, verify);
    const later = waiters.wait('s', 30, 2, verify);
    waiters.streamWasAt('s', 2, 20);
    await expect(atTwo).resolves.toBe(true);
    await expect(atOne).resolves.toBe(false);
    expect(waiters.isWaiting('s')).toBe(true);
    waiters.streamWasAt('other', 2, 40);
    expect(waiters.isWaiting('s')).toBe(true);
    waiters.streamWasAt('s', 3, 40);
    await expect(later).resolves.toBe(false);
    expect(waiters.isWaiting('s')).toBe(false);
    expect(verify).not.toHaveBeenCalled();
  });

  it('asks for a read when nothing settled them in time, and decides them again when it failed', async () => {
    jest.useFakeTimers();
    try {
      const waiters = new FreshnessWaiters(20);
      const verify = jest.fn();
      const answer = waiters.wait('s', 10, 2, verify);
      jest.advanceTimersByTime(19);
      expect(verify).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(verify).toHaveBeenCalledTimes(1);
      waiters.giveUp('s');
      await expect(answer).resolves.toBe(false);
      jest.advanceTimersByTime(100);
      expect(verify).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
