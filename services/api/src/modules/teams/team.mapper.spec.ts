import { describe, expect, it } from '@jest/globals';
import { teamSchema } from '@auction/contracts';
import { groupRosters, toTeamJson, type RosterRow, type TeamRow } from './team.mapper.js';

const TEAM_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const OWNER_ID = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const DRAFT_ID = '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

const row = (overrides: Partial<TeamRow> = {}): TeamRow => ({
  id: TEAM_ID,
  name: 'Gridiron Gurus',
  team_number: 3,
  owner_user_id: OWNER_ID,
  owner_username: 'alice',
  current_draft_id: DRAFT_ID,
  players_per_team: 16,
  budget_total: 200,
  budget_spent: 57,
  created_at: new Date('2025-09-01T18:00:00.000Z'),
  ...overrides,
});

const pick = (pickNumber: number, cost: number, teamId = TEAM_ID): RosterRow => ({
  team_id: teamId,
  player_id: `p-${pickNumber}`,
  player_name: `Player ${pickNumber}`,
  position: 'RB',
  nfl_team: 'KC',
  cost,
  pick_number: pickNumber,
});

describe('team mapping', () => {
  it('maps a team with owner, roster and budget to the contract shape', () => {
    const roster = groupRosters([pick(7, 50), pick(2, 7)]).get(TEAM_ID)!;
    const team = toTeamJson(row(), roster);
    expect(teamSchema.parse(team)).toEqual(team);
    expect(team).toMatchObject({
      _id: TEAM_ID,
      teamNumber: 3,
      ownerId: { _id: OWNER_ID, username: 'alice' },
      budget: { total: 200, spent: 57, remaining: 143 },
      slotsRemaining: 14,
      draftId: DRAFT_ID,
      createdAt: '2025-09-01T18:00:00.000Z',
    });
    expect(team.players.map((player) => player.pickNumber)).toEqual([2, 7]);
    expect(team.players[0]).toEqual({
      playerId: 'p-2',
      playerName: 'Player 2',
      position: 'RB',
      team: 'KC',
      cost: 7,
      pickNumber: 2,
    });
  });

  it('shows a team in no draft with the default 20 slots and no owner', () => {
    const team = toTeamJson(
      row({
        owner_user_id: null,
        owner_username: null,
        current_draft_id: null,
        players_per_team: null,
        budget_total: 260,
        budget_spent: 0,
      }),
      [],
    );
    expect(team).toMatchObject({
      ownerId: null,
      draftId: null,
      slotsRemaining: 20,
      budget: { total: 260, spent: 0, remaining: 260 },
    });
  });

  it('never shows negative slots', () => {
    const roster = groupRosters([pick(1, 1), pick(2, 1)]).get(TEAM_ID)!;
    expect(toTeamJson(row({ players_per_team: 1 }), roster).slotsRemaining).toBe(0);
  });

  it('groups rosters by team', () => {
    const other = '7f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const rosters = groupRosters([pick(1, 5), pick(2, 9, other), pick(3, 4)]);
    expect(rosters.get(TEAM_ID)?.map((p) => p.pickNumber)).toEqual([1, 3]);
    expect(rosters.get(other)?.map((p) => p.pickNumber)).toEqual([2]);
  });
});
