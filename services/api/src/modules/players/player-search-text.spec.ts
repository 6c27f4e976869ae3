import { describe, expect, it } from '@jest/globals';
import { normaliseAsciiSearchText, searchModeOf } from './player-search-text.js';

describe('normaliseAsciiSearchText', () => {
  it('lower-cases, drops apostrophes and dots, turns other punctuation runs into one space', () => {
    expect(normaliseAsciiSearchText("Ja'Marr Chase")).toBe('jamarr chase');
    expect(normaliseAsciiSearchText('A.J. Brown')).toBe('aj brown');
    expect(normaliseAsciiSearchText('Amon-Ra St. Brown')).toBe('amon ra st brown');
    expect(normaliseAsciiSearchText('  BIJAN   robinson ')).toBe('bijan robinson');
    expect(normaliseAsciiSearchText('San Francisco 49ers')).toBe('san francisco 49ers');
    expect(normaliseAsciiSearchText('smith-njigba,\tjaxon')).toBe('smith njigba jaxon');
  });

  it('leaves nothing of a query made only of punctuation', () => {
    expect(normaliseAsciiSearchText("'.'")).toBe('');
    expect(normaliseAsciiSearchText('--- ?!')).toBe('');
  });

  it('keeps LIKE wildcards out of the result', () => {
    expect(normaliseAsciiSearchText('100%_match\\')).toBe('100 match');
  });

  it('declines text that is not plain ASCII: PostgreSQL normalises it (unaccent)', () => {
    expect(normaliseAsciiSearchText('Zoë')).toBeNull();
    expect(normaliseAsciiSearchText('Ja’Marr')).toBeNull();
  });
});

describe('searchModeOf', () => {
  it('searches nothing for an empty query, only prefixes below three characters, fuzzily from three', () => {
    expect(searchModeOf('')).toBe('none');
    expect(searchModeOf('b')).toBe('prefix');
    expect(searchModeOf('bi')).toBe('prefix');
    expect(searchModeOf('bij')).toBe('fuzzy');
    expect(searchModeOf('jahmyr gibs')).toBe('fuzzy');
  });
});
