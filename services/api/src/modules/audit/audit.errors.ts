import { ForbiddenError, NotFoundError, ValidationError } from '@auction/domain';

export const auditDraftNotFound = () => new NotFoundError('Draft not found');

export const auditForbidden = () =>
  new ForbiddenError('You can only audit drafts your team plays in (admins can audit every draft)');

export const replayBeyondLog = (at: string, lastVersion: number) =>
  new ValidationError(
    `at ${at} is beyond the log: the draft has ${lastVersion} event${lastVersion === 1 ? '' : 's'} (use 1 to ${lastVersion})`,
  );
