import { HttpException, HttpStatus } from '@nestjs/common';
import { DomainError, type DomainErrorKind } from '@auction/domain';
import { UnstorableTextError } from '@auction/event-store';
import { DEFAULT_UNIQUE_MESSAGE, UNIQUE_CONSTRAINT_MESSAGES } from './unique-constraints.js';

export interface MappedError {
  status: number;
  message: string;
  /** Unexpected failures are logged with their stack; expected 4xx answers are not. */
  unexpected: boolean;
}

const DOMAIN_STATUS: Record<DomainErrorKind, number> = {
  validation: HttpStatus.BAD_REQUEST,
  not_found: HttpStatus.NOT_FOUND,
  conflict: HttpStatus.CONFLICT,
  forbidden: HttpStatus.FORBIDDEN,
};

const UNIQUE_VIOLATION = '23505';
/**
 * PostgreSQL refusing text it cannot store: U+0000 in a text value (22021, "invalid byte sequence for encoding
 * UTF8: 0x00") or in jsonb (22P05, "unsupported Unicode escape sequence"). The contracts' string schemas refuse
 * such input at the edge; this is the last line of defence for a path that missed it: a 400, never a 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';
export const UNDECOMPRESSABLE_BODY_MESSAGE =
  'The request body could not be decompressed: it does not match its Content-Encoding';
export const INVALID_PATH_ENCODING_MESSAGE = 'The request path is not valid URL encoding';
export const UNSTORABLE_TEXT_MESSAGE =
  'Text contains a character that cannot be stored (NUL or an unpaired surrogate)';

/** Maps anything thrown while handling a request to the status and message the client sees. Pure. */
export function mapException(exception: unknown): MappedError {
  if (isDomainError(exception)) {
    return { status: DOMAIN_STATUS[exception.kind], message: exception.message, unexpected: false };
  }
  if (exception instanceof HttpException) return mapHttpException(exception);
  if (isUnstorableTextError(exception)) {
    return { status: HttpStatus.BAD_REQUEST, message: UNSTORABLE_TEXT_MESSAGE, unexpected: false };
  }
  const pgError = postgresError(exception);
  if (pgError && UNSTORABLE_TEXT_CODES.has(pgError.code)) {
    return { status: HttpStatus.BAD_REQUEST, message: UNSTORABLE_TEXT_MESSAGE, unexpected: false };
  }
  if (pgError?.code === UNIQUE_VIOLATION) {
    const known = pgError.constraint ? UNIQUE_CONSTRAINT_MESSAGES[pgError.constraint] : undefined;
    return { status: HttpStatus.CONFLICT, message: known ?? DEFAULT_UNIQUE_MESSAGE, unexpected: false };
  }
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, message: INTERNAL_ERROR_MESSAGE, unexpected: true };
}

/** instanceof, or the same shape from a second copy of @auction/domain (dist and src in one process). */
function isDomainError(exception: unknown): exception is DomainError {
  if (exception instanceof DomainError) return true;
  const kind = (exception as { kind?: unknown } | null)?.kind;
  return exception instanceof Error && typeof kind === 'string' && Object.hasOwn(DOMAIN_STATUS, kind);
}

/** instanceof, or the same error from a second copy of @auction/event-store (dist and src in one process). */
function isUnstorableTextError(exception: unknown): boolean {
  return (
    exception instanceof UnstorableTextError ||
    (exception instanceof Error && exception.name === 'UnstorableTextError')
  );
}

function mapHttpException(exception: HttpException): MappedError {
  const status = exception.getStatus();
  const bodyParserType = (exception.cause as { type?: unknown } | undefined)?.type;
  if (bodyParserType === 'entity.parse.failed') {
    return { status: HttpStatus.BAD_REQUEST, message: 'Malformed JSON body', unexpected: false };
  }
  // zlib's own errors ("incorrect header check") for a body that does not match its Content-Encoding.
  const zlibCode = (exception.cause as { code?: unknown } | undefined)?.code;
  if (typeof zlibCode === 'string' && zlibCode.startsWith('Z_')) {
    return { status: HttpStatus.BAD_REQUEST, message: UNDECOMPRESSABLE_BODY_MESSAGE, unexpected: false };
  }
  // The router's "Failed to decode param '%ED%A0%80'": a path segment that is not percent-encoded UTF-8.
  if (status === HttpStatus.BAD_REQUEST && /^Failed to decode param/.test(exception.message)) {
    return { status, message: INVALID_PATH_ENCODING_MESSAGE, unexpected: false };
  }
  if (bodyParserType === 'entity.too.large' || status === HttpStatus.PAYLOAD_TOO_LARGE) {
    return { status: HttpStatus.PAYLOAD_TOO_LARGE, message: 'Request body is too large', unexpected: false };
  }
  if (status >= 500) {
    return { status, message: INTERNAL_ERROR_MESSAGE, unexpected: true };
  }
  return { status, message: httpExceptionMessage(exception), unexpected: false };
}

/** Nest's exceptions carry either a string or `{ message: string | string[] }`. */
function httpExceptionMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return exception.message;
}

function postgresError(exception: unknown): { code: string; constraint?: string } | undefined {
  if (typeof exception !== 'object' || exception === null) return undefined;
  // TypeORM wraps driver errors in QueryFailedError with the original in `driverError`.
  const candidate = (exception as { driverError?: unknown }).driverError ?? exception;
  const { code, constraint } = candidate as { code?: unknown; constraint?: unknown };
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
}
