import { BadRequestException } from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { loginRequestSchema } from '@auction/contracts';
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
