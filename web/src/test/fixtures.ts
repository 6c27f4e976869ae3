import {
  type Draft,
  type DraftStatus,
  type Pick,
  type Player,
  type PlayerStatsSummary,
  type Team,
  type User,
} from '@auction/contracts';
import { DEFAULT_DRAFT_SETTINGS } from '@auction/domain';

let counter = 0;
/** A fresh UUID-shaped id (the contracts accept only UUIDs). */
export function nextId(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    _id: nextId(),
    name: 'Team',
    teamNumber: 1,
    ownerId: null,
    players: [],
    budget: { total: 260, spent: 0, remaining: 260 },
    slotsRemaining: 20,
    draftId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeDraft(overrides: Partial<Draft> & { status?: DraftStatus } = {}): Draft {
  return {
    _id: nextId(),
    name: 'Draft',
    status: 'created',
    teams: [],
    currentRound: 1,
    currentTeamTurn: null,
    totalPicks: 0,
    settings: { ...DEFAULT_DRAFT_SETTINGS },
    createdAt: '2025-01-01T00:00:00.000Z',
    startedAt: null,
    completedAt: null,
    version: 1,
    ...overrides,
  };
}

/** An auction sale in `draft` to `team`. */
export function makePick(
  draft: Draft,
  team: Team,
  pickNumber: number,
  playerName: string,
  position: string,
  cost: number,
): Pick {
  return {
    _id: nextId(),
    draftId: draft._id,
    draftName: draft.name,
    draftStatus: draft.status,
    pickNumber,
    playerId: String(4000 + pickNumber),
    playerName,
    position,
    nflTeam: 'DET',
    cost,
    teamId: { _id: team._id, name: team.name, teamNumber: team.teamNumber },
    source: 'auction',
    pickedAt: '2026-11-22T18:00:00.000Z',
  };
}

export function draftTeamOf(team: Team): Draft['teams'][number] {
  return { _id: team._id, name: team.name, teamNumber: team.teamNumber, ownerId: team.ownerId };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: nextId(),
    username: 'user',
    email: 'user@example.com',
    role: 'user',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makePlayer(overrides: Partial<Player> = {}): Player {
  const providerId = String(10_000 + (counter + 1));
  return {
    _id: nextId(),
    provider: 'sleeper',
    providerId,
    playerId: providerId,
    name: 'Player',
    position: 'RB',
    team: 'DET',
    jerseyNumber: 26,
    age: 24,
    status: 'Active',
    injuryStatus: null,
    projectedPoints: 250,
    adp: 10,
    auctionValue: 40,
    cost: null,
    isDrafted: false,
    draftedByTeamId: null,
    draftId: null,
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makePlayerStats(overrides: Partial<PlayerStatsSummary> = {}): PlayerStatsSummary {
  return {
    total: 0,
    drafted: 0,
    available: 0,
    averageProjectedPoints: null,
    averageCost: null,
    byPosition: [],
    lastSyncedAt: null,
    ...overrides,
  };
}
