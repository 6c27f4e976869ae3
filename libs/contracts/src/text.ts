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
 * A required name or message: trimmed, and at least one visible character, else `requiredMessage` (the same message as
 * for an empty one: nothing to see is nothing entered).
 */
export const requiredTextSchema = (label: string, requiredMessage: string, typeMessage?: string) =>
  textSchema(label, typeMessage)
    .trim()
    .min(1, { error: requiredMessage })
    .refine(hasVisibleText, { error: requiredMessage });

/**
 * The base of every string field a client sends: `textSchema('Team name').trim().min(1, …)`. The character check
 * comes first and aborts, so such input is always named as such (even when it is also too long).
 */
export const textSchema = (label: string, typeMessage = `${label} must be text`) =>
  z
    .string({ error: typeMessage })
    .refine(isStorableText, { error: unstorableTextMessage(label), abort: true });
