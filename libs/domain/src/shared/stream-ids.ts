/** One stream per draft and per team, as the event store names them. */
export const draftStreamId = (draftId: string): string => `draft-${draftId}`;

export const teamStreamId = (teamId: string): string => `team-${teamId}`;
