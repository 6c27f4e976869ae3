import { describe, expect, it } from '@jest/globals';
import { checkpointOf, compareCheckpoints, START } from './checkpoint.js';

describe('checkpoints', () => {
  it('START sorts before any real checkpoint', () => {
    expect(compareCheckpoints(START, { transactionId: '3', globalPosition: 1 })).toBe(-1);
  });

  it('orders by transaction id first, even against position', () => {
    const earlierTxLaterPosition = { transactionId: '900', globalPosition: 50 };
    const laterTxEarlierPosition = { transactionId: '901', globalPosition: 10 };
    expect(compareCheckpoints(earlierTxLaterPosition, laterTxEarlierPosition)).toBe(-1);
    expect(compareCheckpoints(laterTxEarlierPosition, earlierTxLaterPosition)).toBe(1);
  });

  it('compares transaction ids as 64-bit integers, not as text', () => {
    expect(
      compareCheckpoints(
        { transactionId: '9', globalPosition: 1 },
        { transactionId: '10', globalPosition: 1 },
      ),
    ).toBe(-1);
    const big = '18446744073709551000';
    expect(
      compareCheckpoints(
        { transactionId: big, globalPosition: 1 },
        { transactionId: `${big}1`, globalPosition: 1 },
      ),
    ).toBe(-1);
  });

  it('orders by position within one transaction and finds equal checkpoints equal', () => {
    expect(
      compareCheckpoints(
        { transactionId: '7', globalPosition: 2 },
        { transactionId: '7', globalPosition: 3 },
      ),
    ).toBe(-1);
    expect(
      compareCheckpoints(
        { transactionId: '7', globalPosition: 3 },
        { transactionId: '7', globalPosition: 3 },
      ),
    ).toBe(0);
  });

  it('checkpointOf keeps only the ordering key', () => {
    expect(checkpointOf({ transactionId: '12', globalPosition: 4 })).toEqual({
      transactionId: '12',
      globalPosition: 4,
    });
  });
});
