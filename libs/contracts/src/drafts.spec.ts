import { describe, expect, it } from '@jest/globals';
import { createDraftRequestSchema, updateDraftRequestSchema } from './drafts.js';
import { firstIssueMessage } from './envelope.js';

function messageOf(result: { success: boolean; error?: unknown }): string | null {
  if (result.success) return null;
  return firstIssueMessage(result.error as Parameters<typeof firstIssueMessage>[0]);
}

describe('draft settings in a request', () => {
  it.each([
    [{ unknownKey: 1 }, 'Unknown setting: unknownKey'],
    [{ auctionTimelimit: 30 }, 'Unknown setting: auctionTimelimit'],
    [{ auctionTimeLimit: 30, a: 1, b: 2 }, 'Unknown settings: a, b'],
    [JSON.parse('{"__proto__": {"teamsCount": 2}}'), 'Unknown setting: __proto__'],
    [null, 'Settings must be an object of draft settings'],
    [[], 'Settings must be an object of draft settings'],
    ['fast', 'Settings must be an object of draft settings'],
  ])('refuses settings %j with "%s" (update and create)', (settings, message) => {
    expect(messageOf(updateDraftRequestSchema.safeParse({ settings }))).toBe(message);
    expect(messageOf(createDraftRequestSchema.safeParse({ name: 'Draft', settings }))).toBe(message);
  });

  it('accepts any of the known settings, and a rule of one still names it', () => {
    expect(updateDraftRequestSchema.parse({ settings: { auctionTimeLimit: 45, teamsCount: 10 } })).toEqual({
      settings: { auctionTimeLimit: 45, teamsCount: 10 },
    });
    expect(messageOf(updateDraftRequestSchema.safeParse({ settings: { teamsCount: 'ten' } }))).toBe(
      'Teams count must be a number',
    );
  });
});
