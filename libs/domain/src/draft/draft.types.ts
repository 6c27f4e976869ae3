export const DRAFT_STATUSES = ['created', 'active', 'paused', 'completed'] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/** A player bought by a team in a draft. */
export type Pick = {
  pickNumber: number;
  playerId: string;
  playerName: string;
  position: string;
  nflTeam: string;
  teamId: string;
  cost: number;
};

/** A team as a draft command needs it: its id and its number (which sets the turn order). */
export type TeamSlot = { teamId: string; teamNumber: number };
