import { RESULTS_CSV_HEADER, type ResultsRow } from '@auction/contracts';
import type { DraftState } from '@auction/domain';
import { teamRefOf, type TeamRefs } from './draft-replay.js';

/** The draft's picks as results lines, by pick number. */
export function toResultsRows(state: DraftState, refs: TeamRefs): ResultsRow[] {
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

/** RFC 4180: CRLF line ends, fields quoted when they hold a comma, quote or line break. */
export function toResultsCsv(rows: readonly ResultsRow[]): string {
  const lines = [
    RESULTS_CSV_HEADER.map(csvField),
    ...rows.map((row) =>
      [row.team, row.player, row.position, row.nflTeam, row.cost, row.pickNumber].map(csvField),
    ),
  ];
  return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

/**
 * Also defuses spreadsheet formulas: a team named "=HYPERLINK(...)" must not run when the file is opened, so a
 * text field starting with = + - @ gets a leading apostrophe (OWASP's CSV injection advice).
 */
function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
