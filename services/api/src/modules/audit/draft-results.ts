import { RESULTS_CSV_HEADER, type ResultsRow } from '@auction/contracts';
import { stringify } from 'csv-stringify/sync';
import type { AuditFold } from './audit-fold.js';
import { teamRefOf, type TeamRefs } from './draft-replay.js';

/** The draft's picks as results lines, by pick number. */
export function toResultsRows(state: AuditFold, refs: TeamRefs): ResultsRow[] {
  return [...state.picks]
    .sort((a, b) => a.pickNumber - b.pickNumber)
    .map((pick) => ({
      team: teamRefOf(refs, pick.teamId).name,
      player: pick.playerName,
      position: pick.position,
      nflTeam: pick.nflTeam,
      cost: pick.cost,
      pickNumber: pick.pickNumber,
    }));
}

/**
 * RFC 4180 (csv-stringify): CRLF line ends, fields quoted when they hold a comma, quote or line break. Spreadsheet
 * formulas are defused: a team named "=HYPERLINK(...)" must not run when the file is opened, so a text field
 * starting with = + - @ (or their full-width forms), a tab or a CR gets a leading apostrophe (OWASP's CSV injection
 * advice); numbers are left alone.
 */
export function toResultsCsv(rows: readonly ResultsRow[]): string {
  return stringify(
    [
      [...RESULTS_CSV_HEADER],
      ...rows.map((row) => [row.team, row.player, row.position, row.nflTeam, row.cost, row.pickNumber]),
    ],
    // quote_record_delimiter: with a record delimiter set, csv-stringify would otherwise leave a lone \n unquoted.
    { record_delimiter: 'windows', quote_record_delimiter: true, escape_formulas: true },
  );
}
