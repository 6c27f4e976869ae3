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

export const unstorableTextMessage = (label: string) =>
  `${label} contains a character that is not allowed (NUL or an unpaired surrogate)`;

/**
 * The base of every string field a client sends: `textSchema('Team name').trim().min(1, …)`. The character check
 * comes first and aborts, so such input is always named as such (even when it is also too long).
 */
export const textSchema = (label: string, typeMessage = `${label} must be text`) =>
  z
    .string({ error: typeMessage })
    .refine(isStorableText, { error: unstorableTextMessage(label), abort: true });
