import { describe, expect, it } from '@jest/globals';
import { moveEntry } from '../queue-order.js';

describe('moveEntry', () => {
  it('moves an entry up, down and to either end without touching the input', () => {
    const list = ['a', 'b', 'c'] as const;
    expect(moveEntry(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveEntry(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(list, 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveEntry(list, 5, 0)).toEqual(['a', 'b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
