import { ConflictError, NotFoundError } from '@auction/domain';

export const draftNotFound = () => new NotFoundError('Draft not found');

export const teamNotFound = () => new NotFoundError('Team not found');

export const teamInAnotherDraft = (teamName: string, draftName: string) =>
  new ConflictError(`${teamName} is already in draft "${draftName}"`);
