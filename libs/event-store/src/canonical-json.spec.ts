import { describe, expect, it } from '@jest/globals';
import { canonicalJson, toJsonValue } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts object keys at every depth, so insertion order does not matter', () => {
    const a = { b: 1, a: { z: [{ y: 1, x: 2 }], c: null } };
    const b = { a: { c: null, z: [{ x: 2, y: 1 }] }, b: 1 };
    expect(canonicalJson(a)).toBe('{"a":{"c":null,"z":[{"x":2,"y":1}]},"b":1}');
    expect(canonicalJson(b)).toBe(canonicalJson(a));
  });

  it('keeps array order and writes scalars as JSON does', () => {
    expect(canonicalJson([3, 'é"\n', true, null, 1.5, -0])).toBe('[3,"é\\"\\n",true,null,1.5,0]');
  });

  it('refuses values JSON cannot hold instead of hashing something ambiguous', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson(10n)).toThrow(TypeError);
  });
});

describe('toJsonValue', () => {
  it('normalises like a jsonb round trip: undefined members dropped, Dates as ISO text, NaN as null', () => {
    expect(
      toJsonValue({
        at: new Date('2025-01-02T03:04:05Z'),
        gone: undefined,
        n: Number.NaN,
        list: [undefined],
      }),
    ).toEqual({ at: '2025-01-02T03:04:05.000Z', n: null, list: [null] });
    expect(toJsonValue(undefined)).toBeNull();
  });
});
