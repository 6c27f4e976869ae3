import { ConflictError } from '@auction/domain';

export const teamNumberTaken = (teamNumber: number) =>
  new ConflictError(`Team number ${teamNumber} is already taken`);

export const userAlreadyOwnsTeam = (username: string, teamName: string) =>
  new ConflictError(`${username} already owns ${teamName}`);
