import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@auction/domain';

export const auditDraftNotFound = () => new NotFoundError('Draft not found');

export const auditForbidden = () =>
  new ForbiddenError('You can only audit drafts your team plays in (admins can audit every draft)');

export const replayBeyondLog = (at: string, lastVersion: number) =>
  new ValidationError(
    `at ${at} is beyond the log: the draft has ${lastVersion} event${lastVersion === 1 ? '' : 's'} (use 1 to ${lastVersion})`,
  );

/*
 * A log changed behind the append-only trigger (ADR 0009): the replay and the results cannot be worked out past the
 * event, and say which one; verify names where the chain breaks. A 409, not a 500: the request is fine, the log is not.
 */
export const logEventMissing = (version: number) =>
  new ConflictError(
    `Event ${version} is missing from this draft's log: it was changed outside the application (verify says where)`,
  );

export const logEventUnreadable = (version: number, type: string) =>
  new ConflictError(
    `Event ${version} of this draft's log (${type}) cannot be read: it was changed outside the application (verify says where)`,
  );
