import { describe, expect, it } from '@jest/globals';
import { TokenBucket } from './token-bucket.js';

describe('TokenBucket', () => {
  it('allows a burst of its capacity, then one per refill interval', () => {
    const bucket = new TokenBucket(3, 2, 0);
    expect([bucket.take(0), bucket.take(0), bucket.take(0), bucket.take(0)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(bucket.take(400)).toBe(false); // 0.8 of a token
    expect(bucket.take(500)).toBe(true); // 1.0
    expect(bucket.take(500)).toBe(false);
  });

  it('never holds more than its capacity, and ignores a clock going backwards', () => {
    const bucket = new TokenBucket(2, 10, 0);
    const taken = [0, 0, 0].map(() => bucket.take(60_000));
    expect(taken).toEqual([true, true, false]);
    expect(bucket.take(1_000)).toBe(false);
  });
});
