import { describe, it, expect } from '@jest/globals';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from './errors.js';
import { draftStreamId, teamStreamId } from './stream-ids.js';

describe('domain errors', () => {
  it.each([
    [ValidationError, 'validation'],
    [NotFoundError, 'not_found'],
    [ConflictError, 'conflict'],
    [ForbiddenError, 'forbidden'],
  ] as const)('%p carries its kind, its name and the message', (ErrorClass, kind) => {
    const error = new ErrorClass('Something is off');
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect(error.kind).toBe(kind);
    expect(error.name).toBe(ErrorClass.name);
    expect(error.message).toBe('Something is off');
  });
});

describe('stream ids', () => {
  it('prefixes the stream kind', () => {
    expect(draftStreamId('abc')).toBe('draft-abc');
    expect(teamStreamId('abc')).toBe('team-abc');
  });
});
