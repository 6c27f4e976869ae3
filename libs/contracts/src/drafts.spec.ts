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

  it.each([
    [{ teamsCount: 2 ** 53 }, 'Teams count must be between 1 and 12'],
    [{ teamsCount: 1e308 }, 'Teams count must be between 1 and 12'],
    [{ playersPerTeam: -(2 ** 63) }, 'Players per team must be between 1 and 20'],
    [{ budgetPerTeam: 2 ** 64 }, 'Budget per team must be between 1 and 10000'],
    [{ auctionTimeLimit: 1e21 }, 'Auction time limit must be between 2 and 600'],
    [{ teamsCount: 12.5 }, 'Teams count must be a whole number'],
    [{ bidTimeReset: 1.5 }, 'Bid time reset must be a whole number'],
  ])('names a huge number %j by its range, a fraction as not whole', (settings, message) => {
    // A number past 2^53 is whole (and out of range): it was "must be a whole number", in the form and the API alike.
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
