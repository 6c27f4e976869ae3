import { describe, expect, it } from '@jest/globals';
import { playerListQuerySchema } from './players.js';
import { recentPicksQuerySchema, updatePickRequestSchema } from './auctions.js';
import { NOT_AN_OBJECT_MESSAGE, firstIssueMessage } from './envelope.js';
import { auditEventsQuerySchema } from './audit.js';
import { draftActivityQuerySchema } from './drafts.js';
import { wholeNumberQuerySchema } from './query-numbers.js';

const count = wholeNumberQuerySchema({ min: 1, max: 500, invalid: 'not a count', range: 'out of range' });
const messageOf = (value: unknown) => count.safeParse(value).error?.issues[0]?.message;

describe('wholeNumberQuerySchema', () => {
  it('takes decimal digits in range, leading zeros included', () => {
    expect(count.parse('1')).toBe(1);
    expect(count.parse('500')).toBe(500);
    expect(count.parse('007')).toBe(7);
    expect(count.parse(`${'0'.repeat(40)}42`)).toBe(42);
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
    expect(messageOf('9'.repeat(16))).toBe('out of range');
    expect(messageOf('1'.repeat(400))).toBe('out of range');
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

  it('draft activity: the default when absent, leading zeros however many, the rule otherwise', () => {
    const activity = (limit?: string) =>
      draftActivityQuerySchema.safeParse(limit === undefined ? {} : { limit });
    expect(activity().data?.limit).toBe(50);
    expect(activity('0000005').data?.limit).toBe(5);
    expect(activity(`${'0'.repeat(20)}200`).data?.limit).toBe(200);
    for (const limit of ['0', '201', '1000000', '1e2', ' 5', ''])
      expect([limit, activity(limit).error?.issues[0]?.message]).toEqual([
        limit,
        'limit must be a whole number between 1 and 200',
      ]);
  });

  it('audit events: the default when absent', () => {
    expect(auditEventsQuerySchema.parse({}).limit).toBeGreaterThan(0);
    expect(auditEventsQuerySchema.safeParse({ limit: '1e2' }).success).toBe(false);
  });
});

describe('messages users see for shapes, not fields', () => {
  it('a value that is not an object where one is expected', () => {
    for (const value of [[], 'x', null, 7]) {
      const result = playerListQuerySchema.safeParse(value);
      expect(firstIssueMessage(result.error!)).toBe(NOT_AN_OBJECT_MESSAGE);
    }
    // A field's own rule keeps its message.
    expect(firstIssueMessage(recentPicksQuerySchema.safeParse({ limit: 'x' }).error!)).toBe(
      'limit must be a whole number',
    );
  });

  it('a pick number that is not a whole number of at least 1', () => {
    for (const pickNumber of ['1', 0, 1.5])
      expect(firstIssueMessage(updatePickRequestSchema.safeParse({ pickNumber }).error!)).toBe(
        'Pick number must be a whole number of at least 1',
      );
  });

  it('an audit position with leading zeros is the same position', () => {
    expect(auditEventsQuerySchema.parse({ after: '05' }).after).toBe('5');
    expect(auditEventsQuerySchema.parse({ after: '000' }).after).toBe('0');
  });
});
