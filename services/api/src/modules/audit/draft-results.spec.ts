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
      '\uFEFFTeam,Player,Position,NFL Team,Cost,Pick Number\r\n' +
        'Team 1,Jahmyr Gibbs,RB,DET,12,1\r\n' +
        'Team 2,Bijan Robinson,RB,DET,1,2\r\n',
    );
    expect(toResultsCsv([])).toBe('\uFEFFTeam,Player,Position,NFL Team,Cost,Pick Number\r\n');
  });

  it('starts with the UTF-8 byte order mark, so spreadsheet programs read accented names as written', () => {
    // Excel reads a CSV without one in the machine's legacy code page: "Zoë's Café" showed as "ZoÃ«'s CafÃ©".
    const bytes = Buffer.from(toResultsCsv([row({ team: "Zoë's Café" })]), 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[1]).toBe("Zoë's Café,Jahmyr Gibbs,RB,DET,12,1");
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
