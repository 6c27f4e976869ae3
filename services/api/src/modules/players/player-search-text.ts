/**
 * The player search's view of a query. `players.search_name` is `player_search_name(name)` (see the players
 * migration): lower case, accents removed, apostrophes and dots dropped, every other run of non-alphanumerics one
 * space. A query must be normalised the same way, or "Ja'Marr" would not find "jamarr".
 *
 * For ASCII text that function is exactly the few string steps below (unaccent and lower() only differ from
 * JavaScript on non-ASCII letters), so the common case costs no database round trip. Anything else is normalised
 * by PostgreSQL itself (`player_search_name($1)`), so the two can never disagree on accents.
 */
export function normaliseAsciiSearchText(text: string): string | null {
  if (!ASCII_ONLY.test(text)) return null;
  return text
    .toLowerCase()
    .replace(/['.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Printable and control ASCII: the characters unaccent leaves as they are.
const ASCII_ONLY = /^[\x00-\x7f]*$/;

/** Below this many characters a query has no trigram of its own: only exact and prefix matches make sense. */
export const MIN_FUZZY_QUERY_LENGTH = 3;

/** How a normalised query is matched (see player-search.sql.ts). */
export type SearchMode = 'none' | 'prefix' | 'fuzzy';

/**
 * `none`: nothing searchable is left (the query was only punctuation), so the answer is empty without a query;
 * `prefix`: one or two characters, matched against the start of the name or of one of its words;
 * `fuzzy`: exact, prefix, substring and trigram matches.
 */
export function searchModeOf(normalised: string): SearchMode {
  if (normalised.length === 0) return 'none';
  return normalised.length < MIN_FUZZY_QUERY_LENGTH ? 'prefix' : 'fuzzy';
}
