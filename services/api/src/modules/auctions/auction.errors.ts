import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@auction/domain';

export const playerNotFound = () => new NotFoundError('Player not found');
export const auctionNotFound = () => new NotFoundError('Auction not found');
export const pickNotFound = () => new NotFoundError('Pick not found');
export const noPlayerAvailable = () => new ConflictError('No player is available to nominate');
export const teamRequired = () =>
  new ValidationError('teamId is required: you do not own a team in this draft');
export const notYourTeam = () => new ForbiddenError('You can only bid for your own team');
