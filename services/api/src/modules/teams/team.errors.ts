import { ConflictError } from '@auction/domain';

export const teamNumberTaken = (teamNumber: number, teamName: string, draftName: string) =>
  new ConflictError(`Team number ${teamNumber} is already taken by ${teamName} in ${draftName}`);

export const userAlreadyOwnsTeam = (username: string, teamName: string) =>
  new ConflictError(`${username} already owns ${teamName}`);

/** `existingName` as the other team spells it: the comparison ignores case and surrounding spaces. */
export const teamNameTaken = (existingName: string) =>
  new ConflictError(`A team named "${existingName}" already exists`);
