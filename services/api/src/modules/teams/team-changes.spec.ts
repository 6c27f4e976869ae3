import { describe, expect, it, jest } from '@jest/globals';
import { initialTeamState, type TeamState } from '@auction/domain';
import { unitTeamChanges } from './__tests__/team-changes.fake.js';
import { parseTeamChange, teamChangeOf, type TeamChange } from './team-change.js';
import { PUBLISH_WAIT_MS, teamChangesChannel } from './team-changes.js';

const team = (ownerId: string | null): TeamState => ({
  ...initialTeamState(),
  exists: true,
  teamId: 't1',
  name: 'Alpha',
  teamNumber: 1,
  ownerId,
});

/** Records what a cache would be told. */
function recorder() {
  const heard: Array<TeamChange | 'all'> = [];
  return {
    heard,
    listener: { forget: (change: TeamChange) => heard.push(change), forgetAll: () => heard.push('all') },
  };
}

describe('teamChangeOf', () => {
  it('names the new and the previous owner of an owner change', () => {
    const events = [
      { type: 'TeamOwnerAssigned', data: { userId: 'u2', username: 'bob', previousOwnerId: 'u1' } },
    ] as const;
    expect(teamChangeOf('t1', [...events], team('u2'))).toEqual({ teamIds: ['t1'], userIds: ['u2', 'u1'] });
  });

  it("names a deleted team's owner, and only the team for a rename or a new team", () => {
    expect(teamChangeOf('t1', [{ type: 'TeamDeleted', data: { teamId: 't1' } }], team('u1'))).toEqual({
      teamIds: ['t1'],
      userIds: ['u1'],
    });
    expect(teamChangeOf('t1', [{ type: 'TeamUpdated', data: { name: 'Beta' } }], team('u1'))).toEqual({
      teamIds: ['t1'],
      userIds: [],
    });
    const created = { type: 'TeamCreated', data: { teamId: 't1', name: 'Alpha', teamNumber: 1 } } as const;
    expect(teamChangeOf('t1', [created], team(null))).toEqual({ teamIds: ['t1'], userIds: [] });
  });
});

describe('parseTeamChange', () => {
  it('reads what announce publishes and refuses anything else', () => {
    expect(parseTeamChange('{"teamIds":["t1"],"userIds":["u1"]}')).toEqual({
      teamIds: ['t1'],
      userIds: ['u1'],
    });
    for (const text of ['', 'null', '[]', '{"teamIds":["t1"]}', '{"teamIds":[1],"userIds":[]}'])
      expect(parseTeamChange(text)).toBeNull();
  });
});

describe('TeamChanges', () => {
  it('publishes the change on the namespaced channel after this instance forgot it', async () => {
    const published: Array<[string, string]> = [];
    const { heard, listener } = recorder();
    const changes = unitTeamChanges(async (channel, text) => {
      published.push([channel, text]);
      expect(heard).toHaveLength(1);
      return 1;
    });
    changes.listen(listener);
    const change = { teamIds: ['t1'], userIds: ['u1'] };
    await changes.announce(change);
    expect(heard).toEqual([change]);
    expect(published).toEqual([['auction:unit:teams:changes', JSON.stringify(change)]]);
    expect(teamChangesChannel('auction:db1:')).toBe('auction:db1:teams:changes');
  });

  it('does not fail the command when the publish fails, and forgets here anyway', async () => {
    const { heard, listener } = recorder();
    const changes = unitTeamChanges(async () => {
      throw new Error('Connection is closed.');
    });
    changes.listen(listener);
    await expect(changes.announce({ teamIds: ['t1'], userIds: [] })).resolves.toBeUndefined();
    expect(heard).toEqual([{ teamIds: ['t1'], userIds: [] }]);
  });

  it('answers after PUBLISH_WAIT_MS when Redis does not', async () => {
    jest.useFakeTimers();
    try {
      const changes = unitTeamChanges(() => new Promise<number>(() => undefined));
      let answered = false;
      const announced = changes.announce({ teamIds: ['t1'], userIds: [] }).then(() => (answered = true));
      await jest.advanceTimersByTimeAsync(PUBLISH_WAIT_MS - 1);
      expect(answered).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await announced;
      expect(answered).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('listens only once subscribed, forgets everything on each subscription, and stops listening on a drop', () => {
    const { heard, listener } = recorder();
    const changes = unitTeamChanges();
    changes.listen(listener);
    expect(changes.listening).toBe(true);
    changes.onUnsubscribed();
    expect(changes.listening).toBe(false);
    expect(heard).toEqual([]);
    changes.onSubscribed();
    expect(changes.listening).toBe(true);
    expect(heard).toEqual(['all']);
  });
});
