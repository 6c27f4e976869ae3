/**
 * Whitespace the key trims from both ends: JavaScript's `\s` (what `String.prototype.trim`, and so the contracts'
 * `.trim()`, removes: U+FEFF included) and Unicode's White_Space property (which adds U+0085 NEXT LINE).
 */
const EDGE_WHITESPACE = /^[\s\p{White_Space}]+|[\s\p{White_Space}]+$/gu;

/**
 * Unicode's default-ignorable code points: characters that render as nothing (zero-width space U+200B, non-joiner
 * U+200C, joiner U+200D, word joiner U+2060, soft hyphen U+00AD, BOM U+FEFF, variation selectors U+FE00–U+FE0F and
 * U+E0100–U+E01EF, the bidi marks, the Hangul fillers, …). The contracts already refuse a name made of them only.
 */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The form in which two team names are "the same" (docs/adr/0013): stripped of default-ignorable code points,
 * NFKC-normalised, lower-cased, normalised again, then trimmed of Unicode whitespace. So `Sharks`, `ＳＨＡＲＫＳ`
 * (fullwidth), ` sharks\u00A0`, `Sharks\u3000`, `Sh\u200Barks` and `Sharks\uFE0F` share a key, and so do `Café`
 * written precomposed (U+00E9) and decomposed (`e` + U+0301). Inner characters count as written once normalised:
 * NFKC turns inner no-break and ideographic spaces into plain ones, but runs of spaces are not collapsed and accents
 * are not stripped.
 *
 * - Default-ignorable code points (DEFAULT_IGNORABLE) go first, wherever they are: they render as nothing, so a name
 *   with a zero-width space, a word joiner, a soft hyphen or a variation selector looks like the name without it.
 *   Removing them first lets normalisation see what they separated (`e` + U+200B + U+0301 composes to `é`), and
 *   neither normalisation nor lower-casing produces one (the spec checks every code point), so the key holds none.
 *   The price: emoji joined by U+200D or tag characters compare as their parts (`👨‍👩‍👧` as `👨👩👧`).
 * - NFKC then folds compatibility forms (fullwidth letters, ligatures such as `ﬁ`, no-break spaces) and orders and
 *   composes combining marks, so lower-casing sees one spelling of each letter.
 * - `toLowerCase` is Unicode's default lower-casing, locale-independent. It is not full case folding: `ß` and `ss`,
 *   `ς` and `σ` stay different (they look different too).
 * - NFKC again because lower-casing can undo normalisation: `J` + U+030C has no precomposed form, but its lower case
 *   `j` + U+030C composes to `ǰ` (U+01F0); without the second pass `J̌` and `ǰ` would hold different keys.
 * - Trimming comes last, so whitespace that normalisation produced (U+3000 becomes U+0020) or that a removed
 *   character hid (`\u200B Sharks`) goes too.
 *
 * The one definition of the key: the API computes it in TypeScript and stores it (`teams.name_compared`); SQL only
 * compares stored keys, never recomputes them (PostgreSQL's lower() under the database's collation and its
 * Unicode tables disagree with JavaScript's on some letters). Changing it needs a migration that recomputes the
 * stored keys, as the API's migrations 1763781450000 and 1763781460000 did. Idempotent: `teamNameKey(teamNameKey(x))`
 * equals `teamNameKey(x)`.
 */
export function teamNameKey(name: string): string {
  return name
    .replace(DEFAULT_IGNORABLE, '')
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKC')
    .replace(EDGE_WHITESPACE, '');
}
