import { describe, expect, it } from '@jest/globals';
import {
  createDraftFormSchema,
  createTeamFormSchema,
  emptyCreateDraftForm,
  numberFromInput,
  teamFieldOfServerMessage,
  toCreateDraftRequest,
} from '../admin-forms.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('numberFromInput', () => {
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['7', 7],
    [' 12 ', 12],
    ['2.5', 2.5],
    ['abc', 'abc'],
    [Number.NaN, undefined],
    [4, 4],
    [undefined, undefined],
  ])('reads %p as %p', (input, expected) => {
    expect(numberFromInput(input)).toEqual(expected);
  });
});

describe('create team form', () => {
  it.each([
    [{ name: '', teamNumber: '1' }, 'Team name is required'],
    [{ name: 'Hawks', teamNumber: '' }, 'Team number is required'],
    [{ name: 'Hawks', teamNumber: '0' }, 'Team number must be between 1 and 12'],
    [{ name: 'Hawks', teamNumber: '13' }, 'Team number must be between 1 and 12'],
    [{ name: 'Hawks', teamNumber: '2.5' }, 'Team number must be a whole number'],
    [{ name: 'Line\nBreak', teamNumber: '1' }, 'Team name cannot contain control characters'],
    [{ name: 'Hawks \u202eskwaH', teamNumber: '1' }, 'Team name cannot contain control characters'],
  ])('rejects %j with "%s"', (input, message) => {
    expect(firstMessage(createTeamFormSchema.safeParse(input))).toBe(message);
  });

  it('parses the team number and trims the name', () => {
    expect(createTeamFormSchema.parse({ name: ' Hawks ', teamNumber: '12' })).toEqual({
      name: 'Hawks',
      teamNumber: 12,
    });
  });
});

describe('create draft form', () => {
  it('requires a name', () => {
    expect(firstMessage(createDraftFormSchema.safeParse(emptyCreateDraftForm))).toBe(
      'Draft name is required',
    );
  });

  it('refuses a name holding a control character', () => {
    for (const name of ['Main\r\nDraft', 'Main\tDraft', 'Main \u2067Draft']) {
      expect(firstMessage(createDraftFormSchema.safeParse({ ...emptyCreateDraftForm, name }))).toBe(
        'Draft name cannot contain control characters',
      );
    }
  });

  it('starts from the spec defaults and sends an auction draft', () => {
    const values = createDraftFormSchema.parse({ ...emptyCreateDraftForm, name: ' Main ' });
    expect(toCreateDraftRequest(values)).toEqual({
      name: 'Main',
      settings: { teamsCount: 12, playersPerTeam: 20, budgetPerTeam: 260, draftType: 'auction' },
    });
  });

  it.each([
    [{ teamsCount: '13' }, 'Teams count must be between 1 and 12'],
    [{ playersPerTeam: '0' }, 'Players per team must be between 1 and 20'],
    [{ budgetPerTeam: '' }, 'Budget per team must be a number'],
  ])('validates settings %j', (settings, message) => {
    const input = { name: 'Main', settings: { ...emptyCreateDraftForm.settings, ...settings } };
    expect(firstMessage(createDraftFormSchema.safeParse(input))).toBe(message);
  });
});

describe('teamFieldOfServerMessage', () => {
  it.each([
    ['Team number 3 is already taken', 'teamNumber'],
    ['Team name must not exceed 50 characters', 'name'],
    ['A team named "Hawks" already exists', 'name'],
    ['Team name cannot contain control characters', 'name'],
    ['Server error. Please try again later.', null],
  ])('puts "%s" on %p', (message, field) => {
    expect(teamFieldOfServerMessage(message)).toBe(field);
  });
});
