import { describe, expect, it } from '@jest/globals';
import { sameArgs } from '../use-player-search.js';

describe('sameArgs (which answers the grid may show)', () => {
  it('matches only the exact query, limit, position, availability and draft', () => {
    expect(sameArgs({ q: 'pat', limit: 50 }, { q: 'pat', limit: 50 })).toBe(true);
    expect(sameArgs({ q: 'pat', limit: 50 }, { q: 'patrick', limit: 50 })).toBe(false);
    expect(sameArgs({ q: 'pat', limit: 50, position: 'QB' }, { q: 'pat', limit: 50 })).toBe(false);
    expect(sameArgs({ limit: 50 }, { q: 'pat', limit: 50 })).toBe(false);
    expect(sameArgs({ limit: 50, position: 'RB' }, { limit: 50, position: 'RB' })).toBe(true);
    expect(sameArgs({ limit: 20 }, { limit: 50 })).toBe(false);
    expect(sameArgs(undefined, { limit: 50 })).toBe(false);
    expect(sameArgs({ limit: 50, draftId: 'd1' }, { limit: 50, draftId: 'd1' })).toBe(true);
    expect(sameArgs({ limit: 50, draftId: 'd1' }, { limit: 50, draftId: 'd2' })).toBe(false);
    expect(sameArgs({ q: 'pat', limit: 50 }, { q: 'pat', limit: 50, draftId: 'd1' })).toBe(false);
  });
});
