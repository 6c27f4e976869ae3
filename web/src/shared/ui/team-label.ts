/** Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms. */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/**
 * A name to show inside left-to-right text. A right-to-left name is wrapped in first-strong isolate marks (U+2068 …
 * U+2069): otherwise the bidi algorithm pulls the text after it into its run, and `الفريق #3` reads `3# الفريق`.
 * Works where markup cannot, in `<option>` labels and toasts; other names are returned as they are.
 */
export function isolatedName(name: string): string {
  return RTL.test(name) ? `\u2068${name}\u2069` : name;
}

/** `{team} #{n}`, as team pickers and lists label a team. */
export function teamLabel(team: { name: string; teamNumber: number }): string {
  return `${isolatedName(team.name)} #${team.teamNumber}`;
}
