import { describe, expect, it } from '@jest/globals';
import { playerListQuerySchema } from './players.js';
import { recentPicksQuerySchema } from './auctions.js';
import { auditEventsQuerySchema } from './audit.js';
import { wholeNumberQuerySchema } from './query-numbers.js';

const count = wholeNumberQuerySchema({ min: 1, max: 500, invalid: 'not a count', range: 'out of range' });
const messageOf = (value: unknown) => count.safeParse(value).error?.issues[0]?.message;

describe('wholeNumberQuerySchema', () => {
  it('takes decimal digits in range, leading zeros included', () => {
    expect(count.parse('1')).toBe(1);
    expect(count.parse('500')).toBe(500);
    expect(count.parse('007')).toBe(7);
  });

  it('refuses what Number() would have guessed at', () => {
    for (const value of ['1e2', '0x10', ' 5', '5 ', '', '+5', '-1', '2.0', '1_000', 'Infinity', 'NaN'])
      expect([value, messageOf(value)]).toEqual([value, 'not a count']);
  });

  it('refuses a repeated parameter (an array) and non-strings with the same rule', () => {
    expect(messageOf(['5', '6'])).toBe('not a count');
    expect(messageOf(undefined)).toBe('not a count');
  });

  it('answers the range rule for digits out of range, however long', () => {
    expect(messageOf('0')).toBe('out of range');
    expect(messageOf('501')).toBe('out of range');
    expect(messageOf('999999999999999')).toBe('out of range');
    expect(messageOf('9'.repeat(16))).toBe('not a count');
  });
});

describe('the query schemas that use it', () => {
  it('player lists: limit and offset', () => {
    expect(playerListQuerySchema.parse({ limit: '25', offset: '0' })).toMatchObject({ limit: 25, offset: 0 });
    expect(playerListQuerySchema.safeParse({ limit: '1e2' }).success).toBe(false);
    expect(playerListQuerySchema.safeParse({ offset: '0x10' }).success).toBe(false);
  });

  it('recent picks: the default when absent, the rule otherwise', () => {
    expect(recentPicksQuerySchema.parse({}).limit).toBe(100);
    expect(recentPicksQuerySchema.parse({ limit: '3' }).limit).toBe(3);
    expect(recentPicksQuerySchema.safeParse({ limit: '1e2' }).error?.issues[0]?.message).toBe(
      'limit must be a whole number',
    );
    expect(recentPicksQuerySchema.safeParse({ limit: '501' }).error?.issues[0]?.message).toBe(
      'limit must be between 1 and 500',
    );
  });

  it('audit events: the default when absent', () => {
    expect(auditEventsQuerySchema.parse({}).limit).toBeGreaterThan(0);
    expect(auditEventsQuerySchema.safeParse({ limit: '1e2' }).success).toBe(false);
  });
});
