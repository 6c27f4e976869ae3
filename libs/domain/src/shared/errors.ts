/**
 * Typed rejections from `decide`. The API maps `kind` to an HTTP status in one exception filter:
 * validation → 400, not_found → 404, conflict → 409, forbidden → 403.
 * Messages are shown to users as they are, so keep them short and clear.
 */
export type DomainErrorKind = 'validation' | 'not_found' | 'conflict' | 'forbidden';

export interface DomainErrorOptions {
  /**
   * No later state of the stream can accept the same command: a bid below the auction's minimum (an auction's bid
   * only rises, and a closed auction never reopens). Such a refusal decided on a cached state is answered as it is;
   * any other refusal is checked against the newest state first (StreamCommandRunner).
   */
  final?: boolean;
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly final: boolean;

  /**
   * Without a stack trace: a refusal is an answer, not a fault, and never logged with its stack. Capturing one per
   * lost bidding race was 3 % of the API's time in the racing benchmark (docs/benchmarks.md).
   */
  constructor(message: string, options: DomainErrorOptions = {}) {
    // V8's (Node's, Chromium's) switch; elsewhere the property is absent and setting it does nothing.
    const errors = Error as ErrorConstructor & { stackTraceLimit?: number };
    const limit = errors.stackTraceLimit;
    errors.stackTraceLimit = 0;
    super(message);
    errors.stackTraceLimit = limit;
    this.name = new.target.name;
    this.final = options.final === true;
  }
}

/** The request itself is malformed or breaks a rule of the input (400). */
export class ValidationError extends DomainError {
  readonly kind = 'validation' as const;
}

/** The stream does not exist or was deleted (404). */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found' as const;
}

/** The request is valid but not in the current state (409). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict' as const;
}

/** The acting user may not do this (403). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden' as const;
}
