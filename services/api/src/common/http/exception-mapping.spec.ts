import {
  BadRequestException,
  HttpException,
  InternalServerErrorException,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import { describe, expect, it } from '@jest/globals';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@auction/domain';
import { UnstorableTextError } from '@auction/event-store';
import { UNSTORABLE_TEXT_MESSAGE, mapException } from './exception-mapping.js';

describe('mapException', () => {
  it.each([
    [new ValidationError('Cost must be at least $1'), 400],
    [new NotFoundError('Draft not found'), 404],
    [new ConflictError('Draft already started'), 409],
    [new ForbiddenError('Not your team'), 403],
  ])('maps domain error %p to %i with its message', (error, status) => {
    expect(mapException(error)).toEqual({ status, message: error.message, unexpected: false });
  });

  it('recognises a domain error from another copy of the library by its kind', () => {
    const foreign = Object.assign(new Error('Team is full'), { kind: 'conflict' });
    expect(mapException(foreign)).toEqual({ status: 409, message: 'Team is full', unexpected: false });
  });

  it('keeps the status and message of Nest HTTP exceptions', () => {
    expect(mapException(new UnauthorizedException('Authentication required'))).toEqual({
      status: 401,
      message: 'Authentication required',
      unexpected: false,
    });
    expect(mapException(new NotFoundException('Cannot GET /api/x')).message).toBe('Cannot GET /api/x');
    expect(mapException(new HttpException({ message: ['first', 'second'] }, 422)).message).toBe('first');
  });

  it('names malformed JSON and oversized bodies from the body parser', () => {
    const parse = new BadRequestException('Unexpected token', {
      cause: Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed' }),
    });
    expect(mapException(parse)).toEqual({ status: 400, message: 'Malformed JSON body', unexpected: false });
    const tooLarge = new HttpException('request entity too large', 413, {
      cause: Object.assign(new Error('request entity too large'), { type: 'entity.too.large' }),
    });
    expect(mapException(tooLarge)).toEqual({
      status: 413,
      message: 'Request body is too large',
      unexpected: false,
    });
  });

  it('maps unique violations to 409, naming the field for known constraints', () => {
    const pgError = (constraint?: string) =>
      Object.assign(new Error('duplicate key'), { code: '23505', constraint });
    expect(mapException(pgError('users_email_lower_unique'))).toEqual({
      status: 409,
      message: 'Email is already registered',
      unexpected: false,
    });
    expect(mapException(pgError('users_username_lower_unique')).message).toBe('Username is already taken');
    expect(mapException(pgError('something_else'))).toMatchObject({ status: 409, unexpected: false });
    // TypeORM's QueryFailedError carries the driver error.
    expect(mapException({ driverError: pgError('users_email_lower_unique') }).status).toBe(409);
  });

  it('maps text PostgreSQL cannot store (the store refused it, or PostgreSQL did) to a 400', () => {
    const expected = { status: 400, message: UNSTORABLE_TEXT_MESSAGE, unexpected: false };
    expect(mapException(new UnstorableTextError('team-1', 'TeamCreated', 'data.name'))).toEqual(expected);
    for (const code of ['22021', '22P05']) {
      const driverError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code,
      });
      expect(mapException({ driverError })).toEqual(expected);
      expect(mapException(driverError)).toEqual(expected);
    }
  });

  it('hides everything else behind a logged 500 without details', () => {
    expect(mapException(new Error('connection refused at 10.0.0.5'))).toEqual({
      status: 500,
      message: 'Internal server error',
      unexpected: true,
    });
    expect(mapException(new InternalServerErrorException('secret detail'))).toEqual({
      status: 500,
      message: 'Internal server error',
      unexpected: true,
    });
    expect(mapException(Object.assign(new Error('syntax'), { code: '42601' })).status).toBe(500);
    expect(mapException('a string').status).toBe(500);
  });
});
