import { describe, expect, it } from '@jest/globals';
import { formatGcPauses, gcBetween, meanBetween, type ApiScrape } from './api-scrape.js';

const scrape = (gc: Record<string, { count: number; ms: number }>): ApiScrape => ({
  loopDelay: { p99: 0, max: 0 },
  statements: 0,
  appends: 0,
  appendSeconds: 0,
  gc: new Map(Object.entries(gc)),
  bids: { accepted: { count: 0, seconds: 0 }, refused: { count: 0, seconds: 0 } },
});

describe('what the benches print from two /metrics scrapes', () => {
  it('means only what was timed between the scrapes', () => {
    expect(meanBetween({ count: 10, seconds: 1 }, { count: 14, seconds: 1.02 })).toBe('5.00 ms');
    expect(meanBetween({ count: 3, seconds: 0.5 }, { count: 3, seconds: 0.5 })).toBe('none');
  });

  it('counts GC pauses per kind between the scrapes, kinds without a pause left out', () => {
    const before = scrape({ minor: { count: 10, ms: 20 }, major: { count: 1, ms: 30 } });
    const after = scrape({ minor: { count: 14, ms: 30 }, major: { count: 1, ms: 30 } });
    expect(gcBetween(before, after)).toBe('minor 4 × 2.5 ms');
    expect(gcBetween(after, after)).toBe('none');
  });

  it('formats GC totals per kind in the order given (a load process reports its own)', () => {
    expect(
      formatGcPauses([
        ['minor', { count: 38, ms: 95 }],
        ['major', { count: 0, ms: 0 }],
        ['incremental', { count: 2, ms: 3.2 }],
      ]),
    ).toBe('minor 38 × 2.5 ms, incremental 2 × 1.6 ms');
    expect(formatGcPauses([])).toBe('none');
  });
});
