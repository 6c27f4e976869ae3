import { z } from 'zod';

/*
 * PostgreSQL refuses U+0000 in text and jsonb ("invalid byte sequence for encoding UTF8: 0x00", "unsupported Unicode
 * escape sequence"), and jsonb refuses an unpaired UTF-16 surrogate; in a text column the driver silently turns one
 * into U+FFFD, so the stored text is not what was sent. Neither is text a person types, so every string the API
 * reads (bodies, path and query parameters, socket payloads) is refused with a 400 naming the field before any of
 * it reaches a query or an event. Everything else PostgreSQL's UTF-8 accepts, and so do we.
 */
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the string holds neither U+0000 nor an unpaired surrogate (what PostgreSQL can store as sent). */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE_TEXT.test(value);
}

/**
 * Something to see: a character that is neither whitespace nor one of Unicode's default-ignorable code points (zero-width
 * space and joiners, word joiner, soft hyphen, BOM, variation selectors, the Hangul fillers), which render as nothing.
 * `trim()` removes whitespace only, so a name of zero-width spaces passed "required" and showed as a blank name.
 */
const VISIBLE_CHARACTER = /[^\s\p{Default_Ignorable_Code_Point}]/u;

/** True when the string holds at least one character that renders as something (see VISIBLE_CHARACTER). */
export function hasVisibleText(value: string): boolean {
  return VISIBLE_CHARACTER.test(value);
}

export const unstorableTextMessage = (label: string) =>
  `${label} contains a character that is not allowed (NUL or an unpaired surrogate)`;

/**
 * Characters a name has no use for and that change how the text around it shows: the C0 and C1 control characters
 * (U+0000–U+001F, tab and line breaks included, and U+007F–U+009F) and the bidi embedding, override and isolate
 * controls (U+202A–U+202E, U+2066–U+2069), which reorder what follows them (a name with U+202E shows reversed, and
 * the other names on its line with it), and a tab or line break breaks the one-line places a name is shown or logged.
 * Chat messages do not get this rule.
 */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** True when the string holds no control character (see CONTROL_CHARACTER). */
export function hasNoControlCharacters(value: string): boolean {
  return !CONTROL_CHARACTER.test(value);
}

export const controlCharactersMessage = (label: string) => `${label} cannot contain control characters`;

/**
 * A required name or message: trimmed, and at least one visible character, else `requiredMessage` (the same message as
 * for an absent or empty one: nothing to see is nothing entered).
 */
export const requiredTextSchema = (label: string, requiredMessage: string, typeMessage?: string) =>
  textSchema(label, requiredMessage, typeMessage)
    .trim()
    .min(1, { error: requiredMessage })
    .refine(hasVisibleText, { error: requiredMessage });

/**
 * A required name (team, draft, username): a required text (requiredTextSchema) that, once trimmed, holds no control
 * character (CONTROL_CHARACTER), else `controlCharactersMessage`. Aborts, so that message comes before the length and
 * pattern rules the caller adds. Whitespace at the ends, tabs and line breaks included, is trimmed, not refused.
 */
export const requiredNameSchema = (label: string, requiredMessage: string) =>
  requiredTextSchema(label, requiredMessage).refine(hasNoControlCharacters, {
    error: controlCharactersMessage(label),
    abort: true,
  });

/**
 * The error for a field's type check that tells absent from wrong: `{}` is "Team number is required", `{teamNumber:
 * "3"}` is "Team number must be a number" — naming a value the caller did send as missing sends them looking for a
 * typo in the field's name. Absent and null are missing (a form's cleared field is sent as either).
 */
export const missingOrWrongType =
  (missingMessage: string, wrongTypeMessage: string) =>
  (issue: { input?: unknown }): string =>
    issue.input == null ? missingMessage : wrongTypeMessage;

/**
 * The base of every string field a client sends: `textSchema('Team name').trim().min(1, …)`. Absent or null is
 * `missingMessage`, any other non-string `typeMessage`. The character check comes first and aborts, so such input is
 * always named as such (even when it is also too long).
 */
export const textSchema = (
  label: string,
  missingMessage = `${label} is required`,
  typeMessage = `${label} must be text`,
) =>
  z
    .string({ error: missingOrWrongType(missingMessage, typeMessage) })
    .refine(isStorableText, { error: unstorableTextMessage(label), abort: true });
