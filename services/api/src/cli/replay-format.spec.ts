import { describe, expect, it } from '@jest/globals';
import { printableOnTerminal } from './replay-format.js';

describe('printableOnTerminal', () => {
  it('writes escape sequences, carriage returns and bidi overrides as text, and keeps newlines', () => {
    const hostile = 'Red\u001b[2J\u001b]0;pwned\u0007 Team\rX\u009b31m \u202egnp.exe\nnext line';
    const shown = printableOnTerminal(hostile);
    expect(shown).toBe(
      'Red\\u001b[2J\\u001b]0;pwned\\u0007 Team\\u000dX\\u009b31m \\u202egnp.exe\nnext line',
    );
    expect(shown).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('leaves ordinary text alone, accents and emoji included', () => {
    const text = 'Amon-Ra St. Brown  Zoë’s Team 🏈  $42\n';
    expect(printableOnTerminal(text)).toBe(text);
  });
});
