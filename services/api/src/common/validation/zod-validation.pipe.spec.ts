import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { loginRequestSchema, playerSearchQuerySchema, proxyBidQuerySchema } from '@auction/contracts';
import { ParseIdPipe } from './parse-id.pipe.js';
import { ZodValidationPipe } from './zod-validation.pipe.js';

function errorOf(run: () => unknown): BadRequestException {
  try {
    run();
  } catch (error) {
    if (error instanceof BadRequestException) return error;
    throw error;
  }
  throw new Error('expected a BadRequestException');
}

describe('ZodValidationPipe', () => {
  const pipe = new ZodValidationPipe(loginRequestSchema);

  it('answers the normalised value', () => {
    expect(pipe.transform({ email: ' A@B.co ', password: 'secret1' })).toEqual({
      email: 'a@b.co',
      password: 'secret1',
    });
  });

  it("fails with the contracts' first message, treating a missing body as empty", () => {
    expect(errorOf(() => pipe.transform(undefined)).message).toBe('Email is required');
    expect(errorOf(() => pipe.transform({ email: 'a@b.co', password: '1' })).message).toBe(
      'Password must be at least 6 characters',
    );
  });
});

describe('ZodValidationPipe on a query string', () => {
  const search = new ZodValidationPipe(playerSearchQuerySchema);
  const query = { type: 'query' } as const;

  it("refuses a parameter the schema reads when it is sent twice, naming it, instead of the schema's guess", () => {
    expect(errorOf(() => search.transform({ q: ['a', 'b'] }, query)).message).toBe(
      'q must be sent only once',
    );
    expect(errorOf(() => search.transform({ q: 'a', limit: ['1', '2'] }, query)).message).toBe(
      'limit must be sent only once',
    );
    expect(errorOf(() => search.transform({ q: 'a', limit: { a: '1' } }, query)).message).toBe(
      'limit must be sent only once',
    );
  });

  it('refuses a parameter the schema reads when it is named with brackets, instead of ignoring it', () => {
    expect(errorOf(() => search.transform({ q: 'a', 'draftId[]': '1' }, query)).message).toBe(
      'draftId[] is not accepted: send draftId=value',
    );
    expect(errorOf(() => search.transform({ q: 'a', 'limit[a]': '1' }, query)).message).toBe(
      'limit[a] is not accepted: send limit=value',
    );
  });

  it('ignores names the schema does not read, repeated or bracketed, as unknown parameters are', () => {
    expect(
      search.transform({ q: 'a', _: ['1', '2'], 'other[x]': 'y', '__proto__[polluted]': 'fuzz' }, query),
    ).toEqual({ q: 'a' });
  });

  it('checks a single named parameter too, and leaves bodies as they were', () => {
    const teamId = new ZodValidationPipe(proxyBidQuerySchema.shape.teamId);
    expect(errorOf(() => teamId.transform(['x', 'y'], { type: 'query', data: 'teamId' })).message).toBe(
      'teamId must be sent only once',
    );
    // A body's array is a value of the wrong type, not a repeated parameter nor a missing one.
    expect(errorOf(() => search.transform({ q: ['a', 'b'] }, { type: 'body' })).message).toBe(
      'Search query must be text',
    );
  });
});

describe('ParseIdPipe', () => {
  it('accepts UUIDs and rejects anything else with "Invalid id"', () => {
    const pipe = new ParseIdPipe();
    expect(pipe.transform('0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11')).toBe(
      '0b0e7c2e-3c55-4a8e-9b1a-7d1f0e4c2a11',
    );
    for (const bad of ['12', '', "1' OR 1=1", undefined]) {
      expect(errorOf(() => pipe.transform(bad)).message).toBe('Invalid id');
    }
  });
});
