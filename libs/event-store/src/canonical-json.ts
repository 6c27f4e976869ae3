/**
 * A deterministic JSON text for a JSON value: object keys sorted by UTF-16 code units (JavaScript's default
 * sort), no whitespace, numbers and strings as JSON.stringify writes them. jsonb does not keep key order (it
 * sorts by length, then bytes), so hashing the stored text would depend on PostgreSQL; hashing this form of
 * the parsed value does not, and anyone holding the exported JSON can recompute it.
 *
 * Input must be a plain JSON value (what JSON.parse returns): callers normalise with `toJsonValue` first.
 */
export function canonicalJson(value: unknown): string {
  if (
    value === null ||
    typeof value === 'boolean' ||
    typeof value === 'number' ||
    typeof value === 'string'
  ) {
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`canonicalJson accepts JSON values only, got ${typeof value}`);
}

/**
 * The value exactly as it will read back from a jsonb column: the store sends JSON.stringify's text, so a
 * round trip through it drops undefined members, turns Dates into ISO strings and non-finite numbers into
 * null, just as PostgreSQL will have stored it.
 */
export function toJsonValue(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? null : JSON.parse(text);
}
