import { describe, expect, it } from '@jest/globals';
import { TEAM_EVENT_TYPES } from '@auction/domain';
import { TeamProjection, teamEventStatement, teamIdOfStream } from './team.projection.js';

const AT = new Date('2025-09-01T18:00:00.000Z');
const TEAM_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

describe('team projection helpers', () => {
  it('reads the team id from the stream id', () => {
    expect(teamIdOfStream(`team-${TEAM_ID}`)).toBe(TEAM_ID);
    expect(() => teamIdOfStream(`draft-${TEAM_ID}`)).toThrow('not a team stream');
  });

  it('creates a team with the default budget and nothing spent, stamped with the event time', () => {
    const statement = teamEventStatement(
      { type: 'TeamCreated', data: { teamId: TEAM_ID, name: 'Gurus', teamNumber: 4 } },
      TEAM_ID,
      AT,
    );
    expect(statement.text).toMatch(/^INSERT INTO teams/);
    expect(statement.values).toEqual([TEAM_ID, 'Gurus', 4, 260, AT, 'gurus']);
  });

  it('stores a name with the form it is compared in (NFKC, lower case, trimmed of Unicode whitespace)', () => {
    const created = teamEventStatement(
      {
        type: 'TeamCreated',
        data: { teamId: TEAM_ID, name: '\uFF27\uFF55\uFF52\uFF55\uFF53\u00A0', teamNumber: 4 },
      },
      TEAM_ID,
      AT,
    );
    expect(created.values.at(-1)).toBe('gurus');
    const renamed = teamEventStatement({ type: 'TeamUpdated', data: { name: 'Cafe\u0301' } }, TEAM_ID, AT);
    expect(renamed.text).toMatch(/name_compared = coalesce\(\$5, name_compared\)/);
    expect(renamed.values).toEqual([TEAM_ID, 'Cafe\u0301', null, AT, 'caf\u00E9']);
  });

  it('updates only what changed', () => {
    const statement = teamEventStatement({ type: 'TeamUpdated', data: { teamNumber: 9 } }, TEAM_ID, AT);
    expect(statement.values).toEqual([TEAM_ID, null, 9, AT, null]);
  });

  it('records the owner by id and the deletion as a time', () => {
    expect(
      teamEventStatement(
        { type: 'TeamOwnerAssigned', data: { userId: 'u-1', username: 'bob', previousOwnerId: null } },
        TEAM_ID,
        AT,
      ).values,
    ).toEqual([TEAM_ID, 'u-1', AT]);
    expect(teamEventStatement({ type: 'TeamDeleted', data: { teamId: TEAM_ID } }, TEAM_ID, AT).text).toMatch(
      /deleted_at = \$2/,
    );
  });

  it('handles every team event type and the draft events that move a standing, nothing else', () => {
    const projection = new TeamProjection();
    for (const type of TEAM_EVENT_TYPES) expect(projection.handles(type)).toBe(true);
    for (const type of [
      'DraftCreated',
      'PlayerSold',
      'KeeperAdded',
      'PickUndone',
      'PickUpdated',
      'DraftDeleted',
    ]) {
      expect(projection.handles(type)).toBe(true);
    }
    for (const type of [
      'BidPlaced',
      'PlayerNominated',
      'NominationTurnPassed',
      'DraftStarted',
      'DraftPaused',
    ]) {
      expect(projection.handles(type)).toBe(false);
    }
  });
});
