import { describe, it, expect } from '@jest/globals';
import { ConflictError, DomainError, ForbiddenError, NotFoundError, ValidationError } from './errors.js';
import { draftStreamId, streamKindOf, teamStreamId } from './stream-ids.js';

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

  it('reads the kind back: the id up to its first dash, or `other` without one', () => {
    expect(streamKindOf(draftStreamId('6f1c-44'))).toBe('draft');
    expect(streamKindOf(teamStreamId('1'))).toBe('team');
    expect(streamKindOf('constructor')).toBe('other');
    expect(streamKindOf('-x')).toBe('other');
  });
});
