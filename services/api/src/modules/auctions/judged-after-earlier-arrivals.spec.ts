import { describe, expect, it } from '@jest/globals';
import { ConflictError } from '@auction/domain';
import {
  takeIdempotencyKey,
  withIdempotencyKey,
} from '../../infrastructure/event-sourcing/idempotency-key.js';
import { judgedAfterEarlierArrivals } from './judged-after-earlier-arrivals.js';

describe('judgedAfterEarlierArrivals', () => {
  it("runs a bid refused as too late once more, with the client's key: the second run may append and claim it", async () => {
    const keysSeen: (string | undefined)[] = [];
    const result = await withIdempotencyKey('k', () =>
      judgedAfterEarlierArrivals('draft-1', new Date().toISOString(), undefined, async () => {
        keysSeen.push(takeIdempotencyKey());
        if (keysSeen.length === 1) throw new ConflictError('The auction has ended');
        return 'placed';
      }),
    );
    expect(result).toBe('placed');
    expect(keysSeen).toEqual(['k', 'k']);
  });

  it('answers any other refusal from the first run, without a second', async () => {
    let runs = 0;
    await expect(
      judgedAfterEarlierArrivals('draft-1', new Date().toISOString(), undefined, async () => {
        runs += 1;
        throw new ConflictError('Bid must be at least $9');
      }),
    ).rejects.toThrow('Bid must be at least $9');
    expect(runs).toBe(1);
  });
});
