/*
 * PostgreSQL's jsonb refuses U+0000 and unpaired UTF-16 surrogates (JSON.stringify keeps the latter as `\ud800`
 * escapes), which would abort the append with a driver error nobody can act on. The API validates text at its edge;
 * this is the store's own guard, so such an event is refused with a typed error before any statement runs.
 */
const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** An event (or its metadata) holds text PostgreSQL cannot store as sent. Nothing was written. */
export class UnstorableTextError extends Error {
  override readonly name = 'UnstorableTextError';

  constructor(
    readonly streamId: string,
    readonly eventType: string,
    /** Where in the event the text is, e.g. `data.name` or `metadata.actor.username`. */
    readonly path: string,
  ) {
    super(
      `Text contains a character that cannot be stored (NUL or an unpaired surrogate) at ${path} of ${eventType}`,
    );
  }
}

/** The path of the first string (value or key) in `value` that PostgreSQL cannot store, or null. */
export function findUnstorableText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, `${path}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (UNSTORABLE_TEXT.test(key)) return `${path} (a key)`;
    const found = findUnstorableText(item, `${path}.${key}`);
    if (found) return found;
  }
  return null;
}
