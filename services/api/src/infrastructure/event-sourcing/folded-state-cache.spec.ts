import { describe, expect, it } from '@jest/globals';
import { FoldedStateCache } from './folded-state-cache.js';

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
