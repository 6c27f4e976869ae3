/**
 * Whitespace the key trims from both ends: JavaScript's `\s` (what `String.prototype.trim`, and so the contracts'
 * `.trim()`, removes: U+FEFF included) and Unicode's White_Space property (which adds U+0085 NEXT LINE).
 */
const EDGE_WHITESPACE = /^[\s\p{White_Space}]+|[\s\p{White_Space}]+$/gu;

/**
 * The form in which two team names are "the same" (docs/adr/0013): NFKC-normalised, lower-cased, normalised again,
 * then trimmed of Unicode whitespace. So `Sharks`, `ＳＨＡＲＫＳ` (fullwidth), ` sharks\u00A0` and `Sharks\u3000` share a
 * key, and so do `Café` written precomposed (U+00E9) and decomposed (`e` + U+0301). Inner characters count as
 * written once normalised: NFKC turns inner no-break and ideographic spaces into plain ones, but runs of spaces
 * are not collapsed and accents are not stripped.
 *
 * - NFKC first folds compatibility forms (fullwidth letters, ligatures such as `ﬁ`, no-break spaces) and orders and
 *   composes combining marks, so lower-casing sees one spelling of each letter.
 * - `toLowerCase` is Unicode's default lower-casing, locale-independent. It is not full case folding: `ß` and `ss`,
 *   `ς` and `σ` stay different (they look different too).
 * - NFKC again because lower-casing can undo normalisation: `J` + U+030C has no precomposed form, but its lower case
 *   `j` + U+030C composes to `ǰ` (U+01F0); without the second pass `J̌` and `ǰ` would hold different keys.
 * - Trimming comes last, so whitespace that normalisation produced (U+3000 becomes U+0020) goes too.
 *
 * The one definition of the key: the API computes it in TypeScript and stores it (`teams.name_compared`); SQL only
 * compares stored keys, never recomputes them (PostgreSQL's lower() under the database's collation and its
 * Unicode tables disagree with JavaScript's on some letters). Idempotent: `teamNameKey(teamNameKey(x))` equals
 * `teamNameKey(x)`.
 */
export function teamNameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().normalize('NFKC').replace(EDGE_WHITESPACE, '');
}
