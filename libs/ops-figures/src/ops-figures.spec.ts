import { describe, expect, it } from '@jest/globals';
import { computeConsumerLag, summariseFigures, type OpsAggregates } from './ops-figures.js';

describe('summariseFigures', () => {
  const aggregates: OpsAggregates = {
    draftsByStatus: { active: 2, completed: 1 },
    bids: { total: 10, lastMinute: 4, lastFiveMinutes: 10, lastSecond: 3, judged: 6 },
    bidsPerMinuteSeries: [],
    auctions: { completed: 2, averageLengthMs: 1_500 },
    relay: {
      relayedPosition: 7,
      newestPosition: 9,
      eventsBehind: 2,
      oldestUnrelayedAt: '2025-01-01T00:00:00.000Z',
      checkpointUpdatedAt: null,
    },
    consumer: {
      measuredAt: '2025-01-01T00:00:00.000Z',
      partitions: computeConsumerLag(
        [
          { partition: 1, high: 10, low: 0 },
          { partition: 0, high: 5, low: 2 },
        ],
        new Map([[1, 8]]),
      ),
    },
  };

  it('derives rates, the last-second share and both lags', () => {
    const figures = summariseFigures(aggregates, new Date('2025-01-01T00:00:02.500Z'));
    expect(figures.activeDrafts).toBe(2);
    expect(figures.bidsPerMinute).toMatchObject({ lastMinute: 4, lastFiveMinutesAverage: 2 });
    expect(figures.lastSecondBids).toEqual({ windowMs: 3_000, count: 3, ofBids: 6, share: 0.5 });
    expect(figures.relayLag).toMatchObject({ events: 2, ms: 2_500 });
    expect(figures.consumerLag?.messages).toBe(2 + 3);
    expect(figures.consumerLag?.partitions.map((p) => p.committedOffset)).toEqual([null, 8]);
  });

  it('reports no share rather than dividing by zero, and no lag it could not measure', () => {
    const figures = summariseFigures(
      { ...aggregates, bids: { ...aggregates.bids, lastSecond: 0, judged: 0 }, relay: null, consumer: null },
      new Date(),
    );
    expect(figures.lastSecondBids.share).toBeNull();
    expect(figures.relayLag).toBeNull();
    expect(figures.consumerLag).toBeNull();
  });
});
