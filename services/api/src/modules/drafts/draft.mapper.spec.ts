import { describe, expect, it } from '@jest/globals';
import { draftSchema, draftStatusDataSchema } from '@auction/contracts';
import {
  groupDraftTeams,
  toDraftJson,
  toDraftStatus,
  type DraftRow,
  type DraftTeamRow,
} from './draft.mapper.js';

const DRAFT_ID = '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const TEAM_A = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const TEAM_B = '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const OWNER = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';

const draftRow = (overrides: Partial<DraftRow> = {}): DraftRow => ({
  id: DRAFT_ID,
  name: 'Demo League Auction',
  status: 'active',
  teams_count: 2,
  players_per_team: 20,
  budget_per_team: 260,
  draft_type: 'auction',
  auction_time_limit: 30,
  bid_time_reset: 30,
  nomination_time_limit: 30,
  current_round: 1,
  current_team_turn: TEAM_B,
  turn_team_name: 'Bravo',
  turn_team_number: 1,
  total_picks: 3,
  created_at: new Date('2025-09-01T18:00:00.000Z'),
  started_at: new Date('2025-09-01T19:00:00.000Z'),
  completed_at: null,
  version: 7,
  ...overrides,
});

const teamRow = (teamId: string, name: string, teamNumber: number, owner: string | null): DraftTeamRow => ({
  draft_id: DRAFT_ID,
  team_id: teamId,
  name,
  team_number: teamNumber,
  owner_user_id: owner,
  owner_username: owner ? 'carol' : null,
});

describe('draft mapping', () => {
  it('maps a draft with its teams in team-number order and whose turn it is', () => {
    const teams = groupDraftTeams([
      teamRow(TEAM_A, 'Alpha', 5, OWNER),
      teamRow(TEAM_B, 'Bravo', 1, null),
    ]).get(DRAFT_ID)!;
    const draft = toDraftJson(draftRow(), teams);
    expect(draftSchema.parse(draft)).toEqual(draft);
    expect(draft.teams).toEqual([
      { _id: TEAM_B, name: 'Bravo', teamNumber: 1, ownerId: null },
      { _id: TEAM_A, name: 'Alpha', teamNumber: 5, ownerId: { _id: OWNER, username: 'carol' } },
    ]);
    expect(draft.currentTeamTurn).toEqual({ _id: TEAM_B, name: 'Bravo', teamNumber: 1 });
    expect(draft.settings).toEqual({
      teamsCount: 2,
      playersPerTeam: 20,
      budgetPerTeam: 260,
      draftType: 'auction',
      auctionTimeLimit: 30,
      bidTimeReset: 30,
      nominationTimeLimit: 30,
    });
    expect(draft).toMatchObject({ startedAt: '2025-09-01T19:00:00.000Z', completedAt: null, totalPicks: 3 });
  });

  it('shows no current turn before the draft starts', () => {
    const draft = toDraftJson(
      draftRow({
        status: 'created',
        current_team_turn: null,
        turn_team_name: null,
        turn_team_number: null,
        started_at: null,
      }),
      [],
    );
    expect(draft).toMatchObject({ currentTeamTurn: null, startedAt: null, teams: [] });
  });

  it('reports the status header with picks made out of teams × players', () => {
    const status = toDraftStatus(draftRow({ teams_count: 12, players_per_team: 20, total_picks: 7 }));
    expect(draftStatusDataSchema.parse(status)).toEqual(status);
    expect(status).toMatchObject({ draftId: DRAFT_ID, status: 'active', totalPicks: 7, picksTarget: 240 });
  });
});
