import { describe, expect, it } from '@jest/globals';
import type { ResultsRow } from '@auction/contracts';
import { toResultsCsv } from './draft-results.js';

const row = (overrides: Partial<ResultsRow>): ResultsRow => ({
  team: 'Team 1',
  player: 'Jahmyr Gibbs',
  position: 'RB',
  nflTeam: 'DET',
  cost: 12,
  pickNumber: 1,
  ...overrides,
});

describe('toResultsCsv', () => {
  it('writes the header and one CRLF-terminated line per row', () => {
    expect(
      toResultsCsv([row({}), row({ team: 'Team 2', player: 'Bijan Robinson', cost: 1, pickNumber: 2 })]),
    ).toBe(
      'Team,Player,Position,NFL Team,Cost,Pick Number\r\n' +
        'Team 1,Jahmyr Gibbs,RB,DET,12,1\r\n' +
        'Team 2,Bijan Robinson,RB,DET,1,2\r\n',
    );
    expect(toResultsCsv([])).toBe('Team,Player,Position,NFL Team,Cost,Pick Number\r\n');
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas in text but not numbers', () => {
    const csv = toResultsCsv([
      row({ team: 'Smith, Jones & "Co"', player: 'Line\nbreak' }),
      row({ team: '=HYPERLINK("http://x")', player: '+1', position: '-', nflTeam: '@A' }),
      row({ team: '\uFF1Dcmd', player: '\tTab' }),
    ]);
    expect(csv.split('\r\n').slice(1)).toEqual([
      '"Smith, Jones & ""Co""","Line\nbreak",RB,DET,12,1',
      `"'=HYPERLINK(""http://x"")",'+1,'-,'@A,12,1`,
      "'\uFF1Dcmd,'\tTab,RB,DET,12,1",
      '',
    ]);
  });
});
