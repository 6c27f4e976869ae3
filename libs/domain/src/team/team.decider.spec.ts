import { describe, it, expect } from '@jest/globals';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { deciderSpec, expectRejection } from '../__tests__/decider-spec.js';
import type { TeamCommand, UpdateTeam } from './team.commands.js';
import { decideTeam, teamDecider } from './team.decider.js';
import { TEAM_EVENT_TYPES, isTeamEvent, type TeamEvent } from './team.events.js';
import { evolveTeam, foldTeam, initialTeamState } from './team.state.js';

const TEAM_ID = 'c0ffee00-1111-4222-8333-444455556666';
const given = deciderSpec(teamDecider);

const created = {
  type: 'TeamCreated',
  data: { teamId: TEAM_ID, name: 'Gridiron Giants', teamNumber: 4 },
} satisfies TeamEvent;
const owned = {
  type: 'TeamOwnerAssigned',
  data: { userId: 'user-1', username: 'alice', previousOwnerId: null },
} satisfies TeamEvent;
const deleted = { type: 'TeamDeleted', data: { teamId: TEAM_ID } } satisfies TeamEvent;

const create = (data: Partial<{ teamId: string; name: string; teamNumber: number }> = {}): TeamCommand => ({
  type: 'CreateTeam',
  data: { teamId: TEAM_ID, name: 'Gridiron Giants', teamNumber: 4, ...data },
});
const update = (data: UpdateTeam['data']): TeamCommand => ({ type: 'UpdateTeam', data });
const assignOwner = (userId: string, username = 'bob'): TeamCommand => ({
  type: 'AssignOwner',
  data: { userId, username },
});
const remove = (inOpenDraft = false): TeamCommand => ({ type: 'DeleteTeam', data: { inOpenDraft } });

describe('CreateTeam', () => {
  it('creates a team with a trimmed name', () => {
    const state = given([])
      .when(create({ name: '  Gridiron Giants ' }))
      .then([created]);
    expect(state).toStrictEqual({
      exists: true,
      deleted: false,
      teamId: TEAM_ID,
      name: 'Gridiron Giants',
      teamNumber: 4,
      ownerId: null,
      ownerUsername: null,
    });
  });

  it('accepts team numbers 1 and 12 and a 50-character name', () => {
    expect(decideTeam(create({ teamNumber: 1 }), initialTeamState())).toHaveLength(1);
    expect(decideTeam(create({ teamNumber: 12, name: 'n'.repeat(50) }), initialTeamState())).toHaveLength(1);
  });

  it('rejects a team that already exists, and a deleted one as not found', () => {
    given([created]).when(create()).thenThrows(ConflictError, 'Team already exists');
    given([created, deleted]).when(create()).thenThrows(NotFoundError, 'Team not found');
  });

  it.each([[''], ['  '], [undefined]])('rejects the name %p', (name) => {
    given([])
      .when(create({ name: name as string }))
      .thenThrows(ValidationError, 'Team name is required');
  });

  it('rejects a name over 50 characters', () => {
    given([])
      .when(create({ name: 'n'.repeat(51) }))
      .thenThrows(ValidationError, 'Team name must not exceed 50 characters');
  });

  it.each([[0], [13], [-1], [2.5], ['4'], [undefined]])('rejects team number %p', (teamNumber) => {
    given([])
      .when(create({ teamNumber: teamNumber as number }))
      .thenThrows(ValidationError, 'Team number must be between 1 and 12');
  });

  it('rejects a missing team id', () => {
    given([])
      .when(create({ teamId: '' }))
      .thenThrows(ValidationError, 'Team id is required');
  });
});

describe('UpdateTeam', () => {
  it('emits only what changed', () => {
    given([created])
      .when(update({ name: ' Blitz ' }))
      .then([{ type: 'TeamUpdated', data: { name: 'Blitz' } }]);
    given([created])
      .when(update({ teamNumber: 9 }))
      .then([{ type: 'TeamUpdated', data: { teamNumber: 9 } }]);
    const state = given([created])
      .when(update({ name: 'Gridiron Giants', teamNumber: 2 }))
      .then([{ type: 'TeamUpdated', data: { teamNumber: 2 } }]);
    expect(state).toMatchObject({ name: 'Gridiron Giants', teamNumber: 2 });
  });

  it('is a no-op when nothing changes', () => {
    given([created]).when(update({})).then([]);
    given([created])
      .when(update({ name: 'Gridiron Giants ', teamNumber: 4 }))
      .then([]);
  });

  it('validates the new values', () => {
    given([created])
      .when(update({ name: '' }))
      .thenThrows(ValidationError, 'Team name is required');
    given([created])
      .when(update({ teamNumber: 13 }))
      .thenThrows(ValidationError, 'Team number must be between 1 and 12');
  });

  it('answers not found for a missing or deleted team', () => {
    given([])
      .when(update({ name: 'x' }))
      .thenThrows(NotFoundError, 'Team not found');
    given([created, deleted])
      .when(update({ name: 'x' }))
      .thenThrows(NotFoundError, 'Team not found');
  });
});

describe('AssignOwner', () => {
  it('assigns a first owner', () => {
    const state = given([created]).when(assignOwner('user-1', 'alice')).then([owned]);
    expect(state).toMatchObject({ ownerId: 'user-1', ownerUsername: 'alice' });
  });

  it('changes the owner and records the previous one', () => {
    const state = given([created, owned])
      .when(assignOwner('user-2', 'bob'))
      .then([
        { type: 'TeamOwnerAssigned', data: { userId: 'user-2', username: 'bob', previousOwnerId: 'user-1' } },
      ]);
    expect(state).toMatchObject({ ownerId: 'user-2', ownerUsername: 'bob' });
  });

  it('is a no-op for the same owner', () => {
    given([created, owned]).when(assignOwner('user-1', 'alice')).then([]);
  });

  it('requires a selected user and a username', () => {
    given([created]).when(assignOwner('')).thenThrows(ValidationError, 'Select a user');
    given([created])
      .when(assignOwner('user-1', ' '))
      .thenThrows(ValidationError, 'Owner username is required');
  });

  it('answers not found for a missing or deleted team', () => {
    given([]).when(assignOwner('user-1')).thenThrows(NotFoundError, 'Team not found');
    given([created, deleted]).when(assignOwner('user-1')).thenThrows(NotFoundError, 'Team not found');
  });
});

describe('DeleteTeam', () => {
  it('deletes a team in no open draft', () => {
    const state = given([created, owned]).when(remove()).then([deleted]);
    expect(state.deleted).toBe(true);
  });

  it('refuses a team held by a draft that is not completed', () => {
    given([created])
      .when(remove(true))
      .thenThrows(ConflictError, 'Team is assigned to a draft that is not completed');
  });

  it('answers not found for a missing team, and for every command once deleted', () => {
    given([]).when(remove()).thenThrows(NotFoundError, 'Team not found');
    const gone = given([created, deleted]);
    for (const command of [
      remove(),
      remove(true),
      create(),
      update({ teamNumber: 5 }),
      assignOwner('user-9'),
    ]) {
      gone.when(command).thenThrows(NotFoundError, 'Team not found');
    }
  });
});

describe('team evolve and fold', () => {
  it('folds a history into the expected state, also after a JSON round trip', () => {
    const events: TeamEvent[] = [
      created,
      { type: 'TeamUpdated', data: { name: 'Blitz' } },
      owned,
      { type: 'TeamUpdated', data: { teamNumber: 11 } },
    ];
    const expected = {
      exists: true,
      deleted: false,
      teamId: TEAM_ID,
      name: 'Blitz',
      teamNumber: 11,
      ownerId: 'user-1',
      ownerUsername: 'alice',
    };
    expect(foldTeam(events)).toStrictEqual(expected);
    expect(foldTeam(JSON.parse(JSON.stringify(events)) as TeamEvent[])).toStrictEqual(expected);
  });

  it('ignores an event type it does not know', () => {
    const state = foldTeam([created]);
    expect(evolveTeam(state, { type: 'TeamRenamedLegacy', data: {} } as unknown as TeamEvent)).toBe(state);
  });

  it('lists every team event type', () => {
    expect([...TEAM_EVENT_TYPES].sort()).toStrictEqual(
      ['TeamCreated', 'TeamDeleted', 'TeamOwnerAssigned', 'TeamUpdated'].sort(),
    );
    expect(isTeamEvent({ type: 'TeamDeleted' })).toBe(true);
    expect(isTeamEvent({ type: 'DraftCreated' })).toBe(false);
  });

  it('rejects an unknown command type', () => {
    expectRejection(
      () => decideTeam({ type: 'Explode', data: {} } as unknown as TeamCommand, initialTeamState()),
      ValidationError,
      'Unknown team command: Explode',
    );
  });
});
