import { describe, it, expect } from '@jest/globals';
import {
  AUDIT_EVENTS_DEFAULT_LIMIT,
  AUDIT_EVENTS_LIMIT_MAX,
  auditEventsQuerySchema,
  replayQuerySchema,
} from './audit.js';

describe('auditEventsQuerySchema', () => {
  it('defaults the page size and leaves the cursor open', () => {
    expect(auditEventsQuerySchema.parse({})).toEqual({ limit: AUDIT_EVENTS_DEFAULT_LIMIT });
  });

  it('reads the query strings as numbers and keeps the cursor a decimal string', () => {
    expect(auditEventsQuerySchema.parse({ after: '1234', limit: '500' })).toEqual({
      after: '1234',
      limit: 500,
    });
  });

  it.each(['0', '501', '-1', '1.5', 'ten', ''])('rejects limit=%s naming the range', (limit) => {
    const result = auditEventsQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(`between 1 and ${AUDIT_EVENTS_LIMIT_MAX}`);
  });

  it.each(['-1', 'abc', '1e3', ' 1', ''])('rejects after=%s', (after) => {
    expect(auditEventsQuerySchema.safeParse({ after }).success).toBe(false);
  });
});

describe('replayQuerySchema', () => {
  it('accepts a positive stream version and no version at all', () => {
    expect(replayQuerySchema.parse({ at: '7' })).toEqual({ at: 7 });
    expect(replayQuerySchema.parse({})).toEqual({});
  });

  it.each(['0', '-1', '2.5', 'x', ''])('rejects at=%s with a message naming stream versions', (at) => {
    const result = replayQuerySchema.safeParse({ at });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain('stream version');
  });
});
