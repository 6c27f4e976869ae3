import { describe, expect, it } from '@jest/globals';
import { toVersionClaim, versionMatches } from './expected-version.js';

describe('toVersionClaim', () => {
  it("treats 0 like 'no_stream'", () => {
    expect(toVersionClaim(0)).toEqual({ kind: 'new_stream' });
    expect(toVersionClaim('no_stream')).toEqual({ kind: 'new_stream' });
  });

  it('keeps positive versions and any', () => {
    expect(toVersionClaim(5)).toEqual({ kind: 'exact', version: 5 });
    expect(toVersionClaim('any')).toEqual({ kind: 'any' });
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 'latest'])('rejects %p', (bad) => {
    expect(() => toVersionClaim(bad as never)).toThrow(TypeError);
  });
});

describe('versionMatches', () => {
  it('checks a claim against an actual version', () => {
    expect(versionMatches({ kind: 'new_stream' }, 0)).toBe(true);
    expect(versionMatches({ kind: 'new_stream' }, 1)).toBe(false);
    expect(versionMatches({ kind: 'exact', version: 3 }, 3)).toBe(true);
    expect(versionMatches({ kind: 'exact', version: 3 }, 4)).toBe(false);
    expect(versionMatches({ kind: 'any' }, 42)).toBe(true);
  });
});
