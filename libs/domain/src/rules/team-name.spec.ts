import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { teamNameKey } from './team-name.js';

describe('teamNameKey', () => {
  it.each([
    ['Sharks', 'sharks'],
    ['  SHARKS ', 'sharks'],
    ['\uFF33\uFF48\uFF41\uFF52\uFF4B\uFF53', 'sharks'], // Ｓｈａｒｋｓ, fullwidth
    ['\u00A0Sharks\u3000', 'sharks'], // no-break space, ideographic space
    ['\tSharks\n\u2003\u0085\uFEFF', 'sharks'], // tab, newline, em space, NEXT LINE, BOM
    ['Caf\u00E9', 'caf\u00E9'], // é precomposed
    ['CAFE\u0301', 'caf\u00E9'], // E + combining acute: composed, then lower-cased
    ['\uFB01re Ants', 'fire ants'], // the ﬁ ligature
    ['New\u00A0York  Jets', 'new york  jets'], // an inner no-break space becomes a space; runs are kept
    ['J\u030C', '\u01F0'], // lower-casing J̌ gives j + caron, which composes only in the second pass
  ])('%j is compared as %j', (name, key) => {
    expect(teamNameKey(name)).toBe(key);
  });

  it('gives names that only look alike one key, and keeps names that look different apart', () => {
    const same = ['Sharks', '\uFF33\uFF48\uFF41\uFF52\uFF4B\uFF53', ' sharks\u00A0', 'SHARKS\u3000'];
    expect(new Set(same.map(teamNameKey)).size).toBe(1);
    expect(teamNameKey('Caf\u00E9')).toBe(teamNameKey('Cafe\u0301'));
    expect(teamNameKey('\u01F0')).toBe(teamNameKey('J\u030C'));
    for (const [a, b] of [
      ['Cafe', 'Caf\u00E9'], // accents count
      ['Stra\u00DFe', 'Strasse'], // ß is not folded to ss
      ['Red  Zone', 'Red Zone'], // inner runs of spaces count
      ['Sharks\u200B', 'Sharks'], // zero-width space is not whitespace
    ]) {
      expect(teamNameKey(a!)).not.toBe(teamNameKey(b!));
    }
  });

  it('is idempotent and ignores what the contracts trim', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.string({ unit: 'grapheme-composite', maxLength: 10 }),
    );
    fc.assert(
      fc.property(text, (name) => {
        const key = teamNameKey(name);
        expect(teamNameKey(key)).toBe(key);
        expect(teamNameKey(name.trim())).toBe(key);
      }),
      { numRuns: 500 },
    );
  });
});
