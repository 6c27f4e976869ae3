import { describe, expect, it } from '@jest/globals';
import { normaliseAsciiSearchText } from '../modules/players/index.js';
import { searchQueryString, searchWorkload, seededRandom, summarise, withTypo } from './search-workload.js';

import type { PoolPlayer } from './search-workload.js';

const NAMES: PoolPlayer[] = [
  { name: 'Bijan Robinson', position: 'RB' },
  { name: "Ja'Marr Chase", position: 'WR' },
  { name: 'Patrick Mahomes', position: 'QB' },
  { name: 'A.J. Brown', position: 'WR' },
  { name: 'Josh Allen', position: 'QB' },
  { name: 'Jahmyr Gibbs', position: 'RB' },
];

describe('searchWorkload', () => {
  it('is the same for the same seed, and mixes every kind of search', () => {
    const first = searchWorkload(NAMES, 2000);
    expect(searchWorkload(NAMES, 2000)).toEqual(first);
    expect(searchWorkload(NAMES, 2000, 7)).not.toEqual(first);
    const kinds = new Set(first.map((search) => search.kind));
    expect([...kinds].sort()).toEqual(['accented', 'full name', 'last name', 'no match', 'prefix', 'typo']);
    expect(first.some((search) => search.position)).toBe(true);
    expect(first.some((search) => search.available)).toBe(true);
    expect(new Set(first.map((search) => search.limit))).toEqual(new Set([10, 20, 50, 100]));
    for (const search of first) expect(search.q.trim()).not.toBe('');
  });

  it('types accented searches outside ASCII, so they take the database normalisation', () => {
    const accented = searchWorkload(NAMES, 500).filter((search) => search.kind === 'accented');
    expect(accented.length).toBeGreaterThan(0);
    for (const search of accented) expect(normaliseAsciiSearchText(search.q)).toBeNull();
  });

  it('builds the query string the web sends', () => {
    expect(searchQueryString({ kind: 'prefix', q: "ja'm", limit: 20, position: 'WR', available: true })).toBe(
      'q=ja%27m&limit=20&position=WR&available=true',
    );
    expect(searchQueryString({ kind: 'prefix', q: 'jo', limit: 50, available: false })).toBe('q=jo&limit=50');
  });
});

describe('withTypo', () => {
  it('changes one word of four letters or more by one edit', () => {
    const random = seededRandom(1);
    for (let i = 0; i < 200; i += 1) {
      const typed = withTypo(random, 'jahmyr gibbs');
      expect(typed).not.toBe('');
      expect(Math.abs(typed.length - 'jahmyr gibbs'.length)).toBeLessThanOrEqual(1);
    }
    expect(withTypo(random, 'aj li')).toBe('aj li');
  });
});

describe('summarise', () => {
  it('answers nearest-rank percentiles', () => {
    const durations = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(summarise(durations)).toEqual({ count: 100, mean: 50.5, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(summarise([3])).toMatchObject({ p50: 3, p95: 3, p99: 3 });
    expect(() => summarise([])).toThrow('no durations');
  });
});
