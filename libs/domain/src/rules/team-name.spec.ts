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
    ['sharks\u200B', 'sharks'], // zero-width space
    ['\u200BSharks', 'sharks'],
    ['Sh\u200Barks', 'sharks'],
    ['Sharks\u2060', 'sharks'], // word joiner
    ['Sharks\uFE0F', 'sharks'], // variation selector 16
    ['Sharks\u00AD', 'sharks'], // soft hyphen
    ['S\u200Ch\u200Da\uFEFFr\u034Fk\u180Bs\u{E0100}', 'sharks'], // ZWNJ, ZWJ, BOM, CGJ, Mongolian and supplementary selectors
    ['\u200B Sharks \u2060', 'sharks'], // whitespace behind an invisible character is still at an end
    ['Red\u200B \u200BZone', 'red zone'], // inner spaces count as written, without what hid between them
    ['CAFE\u200B\u0301', 'caf\u00E9'], // what a removed character separated composes
    ['\u3164Sharks\uFFA0', 'sharks'], // Hangul fillers (NFKC would turn both into U+1160, also ignorable)
  ])('%j is compared as %j', (name, key) => {
    expect(teamNameKey(name)).toBe(key);
  });

  it('gives names that only look alike one key, and keeps names that look different apart', () => {
    const same = ['Sharks', '\uFF33\uFF48\uFF41\uFF52\uFF4B\uFF53', ' sharks\u00A0', 'SHARKS\u3000'];
    expect(new Set(same.map(teamNameKey)).size).toBe(1);
    expect(teamNameKey('Caf\u00E9')).toBe(teamNameKey('Cafe\u0301'));
    expect(teamNameKey('\u01F0')).toBe(teamNameKey('J\u030C'));
    const invisible = [
      'sharks\u200b',
      '\u200bSharks',
      'Sh\u200barks',
      'Sharks\u2060',
      'Sharks\ufe0f',
      'Sharks\u00ad',
    ];
    expect(new Set(['Sharks', ...invisible].map(teamNameKey))).toEqual(new Set(['sharks']));
    for (const [a, b] of [
      ['Cafe', 'Caf\u00E9'], // accents count
      ['Stra\u00DFe', 'Strasse'], // ß is not folded to ss
      ['Red  Zone', 'Red Zone'], // inner runs of spaces count
      ['Red\u200BZone', 'Red Zone'], // a zero-width space is removed, not turned into a space
    ]) {
      expect(teamNameKey(a!)).not.toBe(teamNameKey(b!));
    }
  });

  it('keeps no default-ignorable code point: none survives, and no other becomes one when normalised or lower-cased', () => {
    const ignorable = /\p{Default_Ignorable_Code_Point}/u;
    const becomeIgnorable: string[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if (ignorable.test(character)) {
        expect(teamNameKey(`a${character}b`)).toBe('ab');
      } else if (ignorable.test(character.normalize('NFKC').toLowerCase().normalize('NFKC'))) {
        becomeIgnorable.push(codePoint.toString(16));
      }
    }
    expect(becomeIgnorable).toEqual([]);
  });

  it('is idempotent and ignores what the contracts trim', () => {
    const ignorables = [
      '\u200B',
      '\u200D',
      '\u2060',
      '\u00AD',
      '\uFE0F',
      '\u3164',
      '\uFEFF',
      '\u0301',
      ' ',
      'E',
      '\u03A3',
    ];
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.string({ unit: fc.constantFrom(...ignorables), maxLength: 12 }),
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
