import { describe, expect, it } from '@jest/globals';
import { assignOwnerRequestSchema, createTeamRequestSchema } from './teams.js';
import { assignTeamsRequestSchema, createDraftRequestSchema } from './drafts.js';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('team and draft requests', () => {
  it.each([
    [{ teamNumber: 1 }, 'Team name is required'],
    [{ name: '  ', teamNumber: 1 }, 'Team name is required'],
    [{ name: 'x'.repeat(51), teamNumber: 1 }, 'Team name must not exceed 50 characters'],
    [{ name: 'Hawks' }, 'Team number is required'],
    [{ name: 'Hawks', teamNumber: null }, 'Team number is required'],
    [{ name: 'Hawks', teamNumber: '3' }, 'Team number must be a number'],
    [{ name: 7, teamNumber: 3 }, 'Team name must be text'],
    [{ name: 'Hawks', teamNumber: 0 }, 'Team number must be between 1 and 12'],
    [{ name: 'Hawks', teamNumber: 13 }, 'Team number must be between 1 and 12'],
    [{ name: 'Hawks', teamNumber: 2.5 }, 'Team number must be a whole number'],
    [{ name: 'Hawks', teamNumber: 0.5 }, 'Team number must be a whole number'],
    [{ name: 'Hawks', teamNumber: 12.5 }, 'Team number must be a whole number'],
    // Past every safe integer a number is still a whole number out of range, not "not a whole number".
    [{ name: 'Hawks', teamNumber: 2 ** 53 }, 'Team number must be between 1 and 12'],
    [{ name: 'Hawks', teamNumber: 1e308 }, 'Team number must be between 1 and 12'],
    [{ name: 'Hawks', teamNumber: -1e308 }, 'Team number must be between 1 and 12'],
  ])('create team rejects %j with "%s"', (body, expected) => {
    expect(message(createTeamRequestSchema.safeParse(body))).toBe(expected);
  });

  it('trims team names', () => {
    expect(createTeamRequestSchema.parse({ name: '  Hawks ', teamNumber: 12 })).toEqual({
      name: 'Hawks',
      teamNumber: 12,
    });
  });

  it('validates owner assignment ids', () => {
    expect(message(assignOwnerRequestSchema.safeParse({}))).toBe('Select a user');
    expect(message(assignOwnerRequestSchema.safeParse({ userId: '12' }))).toBe('Invalid id');
    expect(
      assignOwnerRequestSchema.safeParse({ userId: '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11' }).success,
    ).toBe(true);
  });

  it('validates drafts', () => {
    expect(message(createDraftRequestSchema.safeParse({ name: '' }))).toBe('Draft name is required');
    expect(message(createDraftRequestSchema.safeParse({ name: 'D', settings: { teamsCount: 13 } }))).toBe(
      'Teams count must be between 1 and 12',
    );
    expect(message(assignTeamsRequestSchema.safeParse({ teamIds: [] }))).toBe('Select at least one team');
    expect(message(assignTeamsRequestSchema.safeParse({ teamIds: ['x'] }))).toBe('Invalid id');
  });
});
