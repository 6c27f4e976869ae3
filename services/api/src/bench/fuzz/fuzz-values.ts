import fc from 'fast-check';
import { objectSchema, type JsonSchema } from './openapi-operations.js';

/** What a fuzz case sends where the target input goes. */
export const PAYLOAD_KINDS = [
  'nul',
  'high-surrogate',
  'low-surrogate',
  'huge',
  'wrong-type',
  'proto',
] as const;
export type PayloadKind = (typeof PAYLOAD_KINDS)[number];

/** "100 KB strings": as many characters (ASCII: the body still fits the 100 kB limit; others: it does not). */
export const HUGE_LENGTH = 100_000;

const around = (middle: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.string({ maxLength: 8 }), middle, fc.string({ maxLength: 8 }))
    .map(([before, text, after]) => `${before}${text}${after}`);

const codeUnit = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((unit) => String.fromCharCode(unit));

/** A `__proto__` (and `constructor.prototype`) key as JSON.parse makes it: an own property, kept by stringify. */
export const protoObject = (): Record<string, unknown> =>
  JSON.parse('{"__proto__":{"polluted":"fuzz"},"constructor":{"prototype":{"polluted":"fuzz"}}}') as Record<
    string,
    unknown
  >;

/**
 * The hostile value of one kind (`huge`: `hugeLength` UTF-16 units). Strings hold their bad character among printable ASCII (fast-check's default
 * string unit), so a high surrogate is never followed by a low one: it stays unpaired.
 */
export function hostileValue(kind: PayloadKind, hugeLength = HUGE_LENGTH): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'nul':
      return around(fc.constant('\u0000'));
    case 'high-surrogate':
      return around(codeUnit(0xd800, 0xdbff));
    case 'low-surrogate':
      return around(codeUnit(0xdc00, 0xdfff));
    case 'huge':
      return fc
        .tuple(fc.constantFrom('x', 'é', '🏈'), fc.constantFrom('', '\u0000', '\ud800'))
        .map(([unit, tail]) => unit.repeat(Math.floor(hugeLength / unit.length)) + tail);
    case 'wrong-type':
      return fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 3 }),
      );
    case 'proto':
      return fc.constant(null).map(protoObject);
  }
}

/** Ids and names of the fuzz world's records, which valid values point at. */
export interface ValidIds {
  draft: string;
  team: string;
  otherTeam: string;
  user: string;
  player: string;
  providerId: string;
  auction: string;
  pick: string;
}

const UUID_PATTERN = '[0-9a-f]{8}-';

/** A uuid for an input named `name` (the record it names) or, for `{id}`, the record the path is about. */
export function idFor(name: string, ids: ValidIds, path = ''): string {
  const byName: Record<string, string> = {
    draftId: ids.draft,
    teamId: ids.team,
    userId: ids.user,
    auctionId: ids.auction,
    pickId: ids.pick,
    teamIds: ids.otherTeam,
  };
  if (byName[name]) return byName[name];
  if (path.startsWith('/api/teams')) return ids.team;
  if (path.startsWith('/api/players')) return ids.player;
  if (path.startsWith('/api/auctions')) return ids.auction;
  return ids.draft;
}

/** A value the schema accepts (as far as names and JSON Schema tell), pointing at the world's records. */
export function validValue(name: string, schema: JsonSchema, ids: ValidIds, path = ''): unknown {
  const object = objectSchema(schema);
  if (object) {
    return Object.fromEntries(
      (object.required ?? []).map((key) => [key, validValue(key, object.properties?.[key] ?? {}, ids, path)]),
    );
  }
  const variant = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => s.type !== 'null');
  if (variant) return validValue(name, variant, ids, path);
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? schema.default ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [validValue(name, schema.items ?? {}, ids, path)];
  return validString(name, schema, ids, path);
}

function validString(name: string, schema: JsonSchema, ids: ValidIds, path: string): string {
  if (schema.pattern?.includes(UUID_PATTERN)) return idFor(name, ids, path);
  if (name === 'playerId' || name === 'providerId') return ids.providerId;
  if (name === 'provider') return 'sleeper';
  if (name === 'q') return 'allen';
  if (/email/i.test(name)) return 'fuzz@example.test';
  if (/password/i.test(name)) return 'password123';
  const text = schema.pattern ? 'fuzz_value' : 'Fuzz value';
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
}

/**
 * Percent-encodes a string for a URL. An unpaired surrogate has no UTF-8 form (encodeURIComponent throws), so it
 * goes as the three bytes it would have (WTF-8): what a client with a broken encoder sends.
 */
export function encodeUrlComponent(value: string): string {
  let encoded = '';
  for (const character of value) {
    const unit = character.charCodeAt(0);
    if (character.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(character);
    }
  }
  return encoded;
}
