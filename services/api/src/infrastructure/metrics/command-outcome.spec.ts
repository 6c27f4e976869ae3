import { describe, expect, it } from '@jest/globals';
import { BadRequestException, HttpException, UnauthorizedException } from '@nestjs/common';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@auction/domain';
import { commandOutcome, commandTypeOf } from './command-outcome.js';

class PlaceBidCommand {}
class Reindex {}

describe('commandOutcome', () => {
  it('names refusals by their domain error kind, and anything unexpected error', () => {
    expect(commandOutcome()).toBe('accepted');
    expect(commandOutcome(new ValidationError('no'))).toBe('rejected_validation');
    expect(commandOutcome(new NotFoundError('no'))).toBe('rejected_not_found');
    expect(commandOutcome(new ConflictError('no'))).toBe('rejected_conflict');
    expect(commandOutcome(new ForbiddenError('no'))).toBe('rejected_forbidden');
    expect(commandOutcome(new BadRequestException('no'))).toBe('rejected_validation');
    expect(commandOutcome(new UnauthorizedException())).toBe('rejected_unauthenticated');
    expect(commandOutcome(new HttpException('teapot', 418))).toBe('rejected_other');
    expect(commandOutcome(Object.assign(new Error('dup'), { code: '23505' }))).toBe('rejected_conflict');
    expect(commandOutcome(new Error('connection reset'))).toBe('error');
  });
});

describe('commandTypeOf', () => {
  it('is the command class name without its Command suffix', () => {
    expect(commandTypeOf(new PlaceBidCommand())).toBe('PlaceBid');
    expect(commandTypeOf(new Reindex())).toBe('Reindex');
  });
});
