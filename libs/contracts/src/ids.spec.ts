import { describe, expect, it } from '@jest/globals';
import { idSchema, isId } from './ids.js';

describe('idSchema', () => {
  it('answers ids in lower case, so one draft is one socket room however a client writes its id', () => {
    const id = '3180286d-be64-443e-811b-5c2bd8b2133b';
    expect(idSchema.parse(id.toUpperCase())).toBe(id);
    expect(idSchema.parse(id)).toBe(id);
    expect(isId(id.toUpperCase())).toBe(true);
  });

  it('refuses what is not a UUID', () => {
    for (const bad of [
      '',
      ' 3180286d-be64-443e-811b-5c2bd8b2133b',
      '3180286dbe64443e811b5c2bd8b2133b',
      'x'.repeat(36),
    ]) {
      expect(idSchema.safeParse(bad).success).toBe(false);
    }
  });
});
