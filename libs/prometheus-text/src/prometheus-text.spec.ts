import { describe, expect, it } from '@jest/globals';
import { findSample, parseSamples, sampleValue } from './prometheus-text.js';

const EXPOSITION = [
  '# HELP bids_total Bids placed.',
  '# TYPE bids_total counter',
  'bids_total{outcome="accepted",route="/api/auctions/:id/bid"} 12',
  'bids_total{outcome="refused",route="/api/auctions/:id/bid"} 3',
  'process_cpu_seconds_total 1.5',
  'label_escapes{text="a \\"quoted\\" \\\\ line\\nbreak"} 1',
  '',
].join('\n');

describe('the Prometheus text format', () => {
  it('parses each sample line with its labels and value, skipping comments and blank lines', () => {
    const samples = parseSamples(EXPOSITION);
    expect(samples).toHaveLength(4);
    expect(samples[0]).toEqual({
      name: 'bids_total',
      labels: { outcome: 'accepted', route: '/api/auctions/:id/bid' },
      value: 12,
    });
    expect(samples[2]).toEqual({ name: 'process_cpu_seconds_total', labels: {}, value: 1.5 });
  });

  it('unescapes quotes, backslashes and newlines in label values', () => {
    const [escaped] = parseSamples(EXPOSITION).filter((sample) => sample.name === 'label_escapes');
    expect(escaped?.labels['text']).toBe('a "quoted" \\ line\nbreak');
  });

  it('finds a sample by name and a subset of its labels; a missing one reads as 0', () => {
    const samples = parseSamples(EXPOSITION);
    expect(findSample(samples, 'bids_total', { outcome: 'refused' })?.value).toBe(3);
    expect(findSample(samples, 'bids_total', { outcome: 'lost' })).toBeUndefined();
    expect(sampleValue(samples, 'bids_total', { outcome: 'accepted' })).toBe(12);
    expect(sampleValue(samples, 'never_incremented_total')).toBe(0);
  });
});
