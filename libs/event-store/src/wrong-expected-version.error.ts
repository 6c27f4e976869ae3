import type { ExpectedVersion } from './event-store.types.js';

/** Another writer appended to the stream first: reload the stream, decide again and retry. */
export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';

  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    /**
     * The stream's version when the conflict was seen. Undefined only when the unique-constraint safety net
     * fired inside a caller's transaction, which is then aborted and cannot be asked.
     */
    readonly actual: number | undefined,
  ) {
    super(
      `Wrong expected version for stream "${streamId}": expected ${String(expected)}, actual ${
        actual === undefined ? 'unknown' : String(actual)
      }`,
    );
  }
}
