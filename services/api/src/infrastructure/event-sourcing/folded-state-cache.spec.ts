import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_DRAFT_STATE_CACHE_SIZE,
  FoldedStateCache,
  STATE_CACHE_CAPACITY,
  STATE_CACHE_DEFAULT_CAPACITY,
  stateCacheCapacities,
} from './folded-state-cache.js';

const evolve = () => undefined;

describe('FoldedStateCache', () => {
  it('forgets the least recently used stream beyond its capacity', () => {
    const cache = new FoldedStateCache(2);
    cache.set('a', { version: 1, state: 'A', verifiedAt: 0, evolve });
    cache.set('b', { version: 1, state: 'B', verifiedAt: 0, evolve });
    cache.get('a', evolve);
    cache.set('c', { version: 1, state: 'C', verifiedAt: 0, evolve });
    expect(cache.get('b', evolve)).toBeUndefined();
    expect(cache.get('a', evolve)?.state).toBe('A');
    expect(cache.size).toBe(2);
  });

  it('never moves a stream back to an older version', () => {
    const cache = new FoldedStateCache();
    cache.set('a', { version: 5, state: 'new', verifiedAt: 0, evolve });
    cache.set('a', { version: 3, state: 'old', verifiedAt: 0, evolve });
    expect(cache.get('a', evolve)).toMatchObject({ version: 5, state: 'new' });
  });

  it('misses when the state was folded by another decider', () => {
    const cache = new FoldedStateCache();
    cache.set('a', { version: 1, state: 'A', verifiedAt: 0, evolve });
    expect(cache.get('a', () => 'other')).toBeUndefined();
  });
});

describe('FoldedStateCache by kind of stream', () => {
  const state = (version: number) => ({ version, state: version, verifiedAt: 0, evolve });

  it('keeps a kind of stream however many streams of another kind pass through', () => {
    const cache = new FoldedStateCache();
    // Draft night: the drafts bidding, then the set-up of more drafts touching a dozen team streams each.
    for (let d = 0; d < 200; d++) cache.set(`draft-${d}`, state(d));
    for (let t = 0; t < 2_600; t++) cache.set(`team-${t}`, state(t));
    for (let d = 0; d < 200; d++) expect(cache.get(`draft-${d}`, evolve)?.version).toBe(d);
    expect(cache.size).toBe(200 + STATE_CACHE_DEFAULT_CAPACITY);
    expect(cache.get('team-0', evolve)).toBeUndefined();
    expect(cache.get(`team-${2_599}`, evolve)?.version).toBe(2_599);
  });

  it('gives draft streams their own capacity, least recently used out first', () => {
    const cache = new FoldedStateCache();
    const drafts = STATE_CACHE_CAPACITY.get('draft')!;
    expect(drafts).toBeGreaterThan(STATE_CACHE_DEFAULT_CAPACITY);
    for (let d = 0; d < drafts; d++) cache.set(`draft-${d}`, state(d));
    cache.get('draft-0', evolve);
    cache.set(`draft-${drafts}`, state(drafts));
    expect(cache.get('draft-0', evolve)?.version).toBe(0);
    expect(cache.get('draft-1', evolve)).toBeUndefined();
    expect(cache.size).toBe(drafts);
  });

  it('forgets one stream, or every kind at once', () => {
    const cache = new FoldedStateCache();
    cache.set('draft-a', state(1));
    cache.set('team-a', state(1));
    cache.delete('draft-a');
    expect(cache.get('draft-a', evolve)).toBeUndefined();
    expect(cache.get('team-a', evolve)?.version).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps as many draft states as it is told (DRAFT_STATE_CACHE_SIZE), other kinds unchanged', () => {
    expect(STATE_CACHE_CAPACITY.get('draft')).toBe(DEFAULT_DRAFT_STATE_CACHE_SIZE);
    const cache = new FoldedStateCache(stateCacheCapacities(3));
    for (let d = 0; d < 5; d++) cache.set(`draft-${d}`, state(d));
    for (let t = 0; t < 5; t++) cache.set(`team-${t}`, state(t));
    expect(cache.get('draft-1', evolve)).toBeUndefined();
    expect([2, 3, 4].map((d) => cache.get(`draft-${d}`, evolve)?.version)).toEqual([2, 3, 4]);
    expect(cache.get('team-0', evolve)?.version).toBe(0);
    expect(cache.size).toBe(3 + 5);
  });

  it('gives a kind the table does not list the default capacity, whatever its name', () => {
    const cache = new FoldedStateCache();
    for (let i = 0; i <= STATE_CACHE_DEFAULT_CAPACITY; i++) cache.set(`constructor-${i}`, state(i));
    expect(cache.size).toBe(STATE_CACHE_DEFAULT_CAPACITY);
  });
});
