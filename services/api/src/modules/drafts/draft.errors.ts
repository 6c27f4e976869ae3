import { ConflictError, NotFoundError } from '@auction/domain';

export const draftNotFound = () => new NotFoundError('Draft not found');

export const teamNotFound = () => new NotFoundError('Team not found');

export const teamInAnotherDraft = (teamName: string, draftName: string) =>
  new ConflictError(`${teamName} is already in draft "${draftName}"`);

/** A correction would reopen a completed draft (docs/product.md §3.2: a team sits in at most one open draft). */
export const reopenBlockedByTeam = (teamName: string, draftName: string) =>
  new ConflictError(`${teamName} now plays in draft "${draftName}", so this draft cannot reopen`);

export const reopenBlockedByDeletedTeam = () =>
  new ConflictError('A team of this draft has been deleted, so this draft cannot reopen');
