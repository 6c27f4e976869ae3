import { describe, expect, it } from '@jest/globals';
import {
  BUDGET_PER_TEAM_MAX,
  CHAT_MESSAGE_MAX,
  DEFAULT_DRAFT_SETTINGS,
  PLAYERS_PER_TEAM_MAX,
  POSITIONS,
  TEAMS_COUNT_MAX,
} from '@auction/domain';
import {
  bidRequestSchema,
  chatTextSchema,
  nominateRequestSchema,
  updatePickRequestSchema,
} from './auctions.js';
import { assignTeamsRequestSchema, draftSettingsSchema } from './drafts.js';
import { PLAYER_POSITIONS, playerPositionSchema } from './players.js';
import { keeperRequestSchema } from './queue-keepers.js';
import { bidOnPlayerPayloadSchema } from './socket.js';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

const TEAM_ID = '00000000-0000-4000-8000-000000000001';
const teamIds = (count: number) =>
  Array.from({ length: count }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);

// The wire schemas take their bounds from @auction/domain: these pin both the numbers and the texts people see.
describe('wire limits are the domain rules', () => {
  it('accepts the default draft settings and each setting at its domain maximum', () => {
    expect(draftSettingsSchema.parse(DEFAULT_DRAFT_SETTINGS)).toEqual(DEFAULT_DRAFT_SETTINGS);
    const most = {
      ...DEFAULT_DRAFT_SETTINGS,
      teamsCount: TEAMS_COUNT_MAX,
      playersPerTeam: PLAYERS_PER_TEAM_MAX,
      budgetPerTeam: BUDGET_PER_TEAM_MAX,
    };
    expect(draftSettingsSchema.safeParse(most).success).toBe(true);
  });

  it.each([
    [{ teamsCount: 13 }, 'Teams count must be between 1 and 12'],
    [{ teamsCount: 0 }, 'Teams count must be between 1 and 12'],
    [{ playersPerTeam: 21 }, 'Players per team must be between 1 and 20'],
    [{ budgetPerTeam: 10_001 }, 'Budget per team must be between 1 and 10000'],
    [{ auctionTimeLimit: 601 }, 'Auction time limit must be between 2 and 600'],
    [{ draftType: 'snake' }, 'Only auction drafts are supported'],
  ])('draft settings refuse %j with "%s"', (change, expected) => {
    expect(message(draftSettingsSchema.safeParse({ ...DEFAULT_DRAFT_SETTINGS, ...change }))).toBe(expected);
  });

  it('lets a draft take at most the domain team count', () => {
    expect(assignTeamsRequestSchema.safeParse({ teamIds: teamIds(TEAMS_COUNT_MAX) }).success).toBe(true);
    expect(message(assignTeamsRequestSchema.safeParse({ teamIds: teamIds(TEAMS_COUNT_MAX + 1) }))).toBe(
      'A draft takes at most 12 teams',
    );
  });

  it.each([
    [0, 'Bid amount must be at least $1'],
    [10_001, 'Bid amount must not exceed $10000'],
    [1e308, 'Bid amount must not exceed $10000'],
    [-1e308, 'Bid amount must be at least $1'],
    [2.5, 'Bid amount must be a whole number of dollars'],
    [0.5, 'Bid amount must be a whole number of dollars'],
    [-0.5, 'Bid amount must be at least $1'],
  ])('refuses a bid of %p the same way over REST and over the socket: "%s"', (bidAmount, expected) => {
    const rest = bidRequestSchema.safeParse({ bidAmount, teamId: TEAM_ID });
    const socket = bidOnPlayerPayloadSchema.safeParse({ draftId: TEAM_ID, playerId: 'p1', bidAmount });
    expect(message(rest)).toBe(expected);
    expect(message(socket)).toBe(expected);
  });

  it.each([
    [1.5, 'Opening bid must be a whole number of dollars'],
    [0.5, 'Opening bid must be a whole number of dollars'],
    [0, 'Opening bid must be at least $1'],
    [1e308, 'Opening bid must not exceed $10000'],
  ])('refuses an opening bid of %p like a bid, with one message: "%s"', (openingBid, expected) => {
    const result = nominateRequestSchema.safeParse({ draftId: TEAM_ID, playerId: 'p1', openingBid });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([expected]);
  });

  it('refuses an empty pick edit, as every other update', () => {
    expect(message(updatePickRequestSchema.safeParse({}))).toBe(
      'Nothing to update: send pickNumber, playerId, playerName, position, nflTeam, cost or teamId',
    );
    expect(updatePickRequestSchema.safeParse({ cost: 5 }).success).toBe(true);
  });

  it('takes a null opening bid as none given (the auction opens at $1)', () => {
    const nominated = nominateRequestSchema.parse({ draftId: TEAM_ID, playerId: 'p1', openingBid: null });
    expect(nominated.openingBid).toBeUndefined();
  });

  it('knows the domain positions, with the texts each request shows', () => {
    expect(PLAYER_POSITIONS).toBe(POSITIONS);
    for (const position of POSITIONS) expect(playerPositionSchema.parse(position)).toBe(position);
    expect(message(playerPositionSchema.safeParse('DST'))).toBe(
      'Position must be one of QB, RB, WR, TE, K, DEF',
    );
    expect(message(updatePickRequestSchema.safeParse({ position: 'DST' }))).toBe(
      'Position must be QB, RB, WR, TE, K or DEF',
    );
  });

  it('caps a chat message at the domain length', () => {
    expect(chatTextSchema.safeParse('x'.repeat(CHAT_MESSAGE_MAX)).success).toBe(true);
    expect(message(chatTextSchema.safeParse('x'.repeat(CHAT_MESSAGE_MAX + 1)))).toBe(
      'Message must not exceed 500 characters',
    );
  });
});

describe('keeper cost', () => {
  const keeper = (cost: unknown) => ({ teamId: TEAM_ID, playerId: 'p1', cost });

  it.each([
    [1e308, 'Keeper cost must not exceed $10000'],
    [10_001, 'Keeper cost must not exceed $10000'],
    [0, 'Keeper cost must be at least $1'],
    [2.5, 'Keeper cost must be a whole number of dollars'],
    ['5', 'Keeper cost must be a number'],
  ])('refuses a keeper cost of %p with one message: "%s"', (cost, expected) => {
    const result = keeperRequestSchema.safeParse(keeper(cost));
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([expected]);
  });

  it('takes a whole number of dollars in range', () => {
    expect(keeperRequestSchema.safeParse(keeper(12)).success).toBe(true);
  });
});
