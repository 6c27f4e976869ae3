import { NotFoundError } from '@auction/domain';

export const playerNotFound = () => new NotFoundError('Player not found');

export const teamNotFound = () => new NotFoundError('Team not found');

export const draftNotFound = () => new NotFoundError('Draft not found');
