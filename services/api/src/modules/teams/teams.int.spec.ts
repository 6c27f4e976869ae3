import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  teamDataSchema,
  teamsDataSchema,
  type Team,
  type TeamData,
  type TeamsData,
} from '@auction/contracts';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import {
  assignTeams,
  createDraft,
  createTeam,
  expectRefusedWithoutChange,
  getTeam,
  poolOf,
  snapshotLeague,
  UNKNOWN_ID,
} from './__tests__/league-test-kit.js';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAdmin();
  alice = await t.registerUser('alice');
  bob = await t.registerUser('bob');
});

afterAll(async () => {
  await t?.close();
});

const listTeams = async (token = alice.token): Promise<Team[]> => {
  const response = await t.request<TeamsData>('GET', '/api/teams', { token });
  expect(response.status).toBe(200);
  return teamsDataSchema.parse(response.body.data).teams;
};

describe('teams', () => {
  let gurus: Team;

  it('lists no teams before any is created', async () => {
    expect(await listTeams()).toEqual([]);
  });

  it('creates a team in no draft, with the default budget and 20 open slots', async () => {
    const response = await t.request<TeamData>('POST', '/api/teams', {
      token: admin.token,
      body: { name: '  Gridiron Gurus  ', teamNumber: 3 },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: 'Team created successfully' });
    gurus = teamDataSchema.parse(response.body.data).team;
    expect(gurus).toMatchObject({
      name: 'Gridiron Gurus',
      teamNumber: 3,
      ownerId: null,
      players: [],
      budget: { total: 260, spent: 0, remaining: 260 },
      slotsRemaining: 20,
      draftId: null,
    });
  });

  it('lists teams sorted by team number, to any logged-in user', async () => {
    await createTeam(t, admin.token, 'Blitz Brigade', 7);
    await createTeam(t, admin.token, 'End Zone Elite', 1);
    expect((await listTeams()).map((team) => [team.teamNumber, team.name])).toEqual([
      [1, 'End Zone Elite'],
      [3, 'Gridiron Gurus'],
      [7, 'Blitz Brigade'],
    ]);
  });

  it('gets one team by id', async () => {
    const response = await t.request<TeamData>('GET', `/api/teams/${gurus._id}`, { token: bob.token });
    expect(response.status).toBe(200);
    expect(teamDataSchema.parse(response.body.data).team).toEqual(gurus);
  });

  it('answers 404 for an unknown team and 400 for an id that is not one', async () => {
    const unknown = await t.request('GET', `/api/teams/${UNKNOWN_ID}`, { token: bob.token });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Team not found']);
    const malformed = await t.request('GET', '/api/teams/not-an-id', { token: bob.token });
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Invalid id']);
  });

  it('lets teams outside a common draft share a number (numbers are unique within a draft)', async () => {
    const twin = await createTeam(t, admin.token, 'Copycats', 3);
    expect(twin.teamNumber).toBe(3);
    const del = await t.request('DELETE', `/api/teams/${twin._id}`, { token: admin.token });
    expect(del.status).toBe(200);
  });

  it('lets only one of two teams of a draft take the same number at the same moment', async () => {
    const rays = await createTeam(t, admin.token, 'Race Rays', 1);
    const cods = await createTeam(t, admin.token, 'Race Cods', 2);
    const draft = await createDraft(t, admin.token, 'Race Cup', { teamsCount: 4 });
    await assignTeams(t, admin.token, draft._id, [rays._id, cods._id]);
    const renumber = (teamId: string, teamNumber: number) =>
      t.request('PUT', `/api/teams/${teamId}`, { token: admin.token, body: { teamNumber } });
    for (const wanted of [5, 6, 7, 8, 12]) {
      const answers = await Promise.all([renumber(rays._id, wanted), renumber(cods._id, wanted)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const { rows } = await poolOf(t).query<{ team_number: number }>(
        `SELECT t.team_number FROM draft_teams dt JOIN teams t ON t.id = dt.team_id WHERE dt.draft_id = $1`,
        [draft._id],
      );
      expect(new Set(rows.map((row) => row.team_number)).size).toBe(2);
    }
  });

  it('never lets a renumber and an assignment racing each other put one number twice in a draft', async () => {
    for (let trial = 0; trial < 30; trial += 1) {
      const x = await createTeam(t, admin.token, `Race X${trial}`, 1);
      const y = await createTeam(t, admin.token, `Race Y${trial}`, 2);
      const draft = await createDraft(t, admin.token, `Race Draft ${trial}`, { teamsCount: 2 });
      const [assigned, renumbered] = await Promise.all([
        t.request('POST', `/api/drafts/${draft._id}/teams`, {
          token: admin.token,
          body: { teamIds: [x._id, y._id] },
        }),
        t.request('PUT', `/api/teams/${y._id}`, { token: admin.token, body: { teamNumber: 1 } }),
      ]);
      // One of them must lose: the assignment (400, two teams #1) or the renumber (409, number taken).
      expect([assigned.status, renumbered.status]).not.toEqual([200, 200]);
      const { rows } = await poolOf(t).query<{ team_number: number }>(
        `SELECT t.team_number FROM draft_teams dt JOIN teams t ON t.id = dt.team_id WHERE dt.draft_id = $1`,
        [draft._id],
      );
      expect(new Set(rows.map((row) => row.team_number)).size).toBe(rows.length);
    }
  }, 60_000);

  it('refuses a number another team of the same open draft holds, naming team and draft', async () => {
    const sharks = await createTeam(t, admin.token, 'Number Sharks', 9);
    const eels = await createTeam(t, admin.token, 'Number Eels', 10);
    const draft = await createDraft(t, admin.token, 'Numbers Cup');
    await assignTeams(t, admin.token, draft._id, [sharks._id, eels._id]);
    await expectRefusedWithoutChange(
      t,
      () => t.request('PUT', `/api/teams/${eels._id}`, { token: admin.token, body: { teamNumber: 9 } }),
      409,
      'Team number 9 is already taken by Number Sharks in Numbers Cup',
    );
    // Outside that draft the number is free, but that team cannot join the draft beside its twin.
    const loner = await createTeam(t, admin.token, 'Number Loners', 11);
    const twinned = await t.request('PUT', `/api/teams/${loner._id}`, {
      token: admin.token,
      body: { teamNumber: 10 },
    });
    expect(twinned.status).toBe(200);
    await expectRefusedWithoutChange(
      t,
      () =>
        t.request('POST', `/api/drafts/${draft._id}/teams`, {
          token: admin.token,
          body: { teamIds: [sharks._id, eels._id, loner._id] },
        }),
      400,
      'Two teams cannot share team number 10',
    );
    const moved = await t.request('PUT', `/api/teams/${loner._id}`, {
      token: admin.token,
      body: { teamNumber: 9 },
    });
    expect(moved.status).toBe(200);
    for (const id of [sharks._id, eels._id, loner._id]) {
      await t.request('DELETE', `/api/teams/${id}`, { token: admin.token });
    }
    await t.request('DELETE', `/api/drafts/${draft._id}`, { token: admin.token });
  });

  const badCreates: [string, { body?: unknown; rawBody?: string }, string | RegExp][] = [
    ['malformed JSON', { rawBody: '{"name": "Oops", ' }, 'Malformed JSON body'],
    ['no body', {}, 'Team name is required'],
    ['a missing name', { body: { teamNumber: 5 } }, 'Team name is required'],
    ['a blank name', { body: { name: '   ', teamNumber: 5 } }, 'Team name is required'],
    [
      'a name of zero-width characters only',
      { body: { name: '\u200b\u2060 \ufeff', teamNumber: 5 } },
      'Team name is required',
    ],
    ['a name that is not text', { body: { name: 42, teamNumber: 5 } }, 'Team name must be text'],
    [
      'a line break in its name',
      { body: { name: 'Line\nBreak', teamNumber: 5 } },
      'Team name cannot contain control characters',
    ],
    [
      'a right-to-left override in its name',
      { body: { name: 'Sharks \u202eskrahS', teamNumber: 5 } },
      'Team name cannot contain control characters',
    ],
    [
      'an over-long name',
      { body: { name: 'x'.repeat(51), teamNumber: 5 } },
      'Team name must not exceed 50 characters',
    ],
    ['a missing team number', { body: { name: 'Sharks' } }, 'Team number is required'],
    ['team number 0', { body: { name: 'Sharks', teamNumber: 0 } }, 'Team number must be between 1 and 12'],
    ['team number 13', { body: { name: 'Sharks', teamNumber: 13 } }, 'Team number must be between 1 and 12'],
    ['team number 2.5', { body: { name: 'Sharks', teamNumber: 2.5 } }, 'Team number must be a whole number'],
    [
      'team number "3" as text',
      { body: { name: 'Sharks', teamNumber: '3' } },
      'Team number must be a number',
    ],
    ['a JSON array body', { body: [{ name: 'Sharks', teamNumber: 5 }] }, 'The request must be a JSON object'],
  ];
  it.each(badCreates)('refuses to create a team with %s', async (_case, options, message) => {
    await expectRefusedWithoutChange(
      t,
      () => t.request('POST', '/api/teams', { token: admin.token, ...options }),
      400,
      message,
    );
  });

  it('renames a team and moves it to a free number', async () => {
    const response = await t.request<TeamData>('PUT', `/api/teams/${gurus._id}`, {
      token: admin.token,
      body: { name: 'Gridiron Gurus II', teamNumber: 4 },
    });
    expect(response.status).toBe(200);
    gurus = teamDataSchema.parse(response.body.data).team;
    expect(gurus).toMatchObject({ name: 'Gridiron Gurus II', teamNumber: 4 });
    // Number 3 is free again.
    const again = await createTeam(t, admin.token, 'Hail Mary Heroes', 3);
    expect(again.teamNumber).toBe(3);
  });

  it('answers an update that changes nothing without writing an event', async () => {
    const before = await snapshotLeague(t);
    const response = await t.request<TeamData>('PUT', `/api/teams/${gurus._id}`, {
      token: admin.token,
      body: { name: 'Gridiron Gurus II' },
    });
    expect(response.status).toBe(200);
    expect(await snapshotLeague(t)).toEqual(before);
  });

  const badUpdates: [string, () => string, { body?: unknown; rawBody?: string }, number, string][] = [
    ['nothing to change', () => gurus._id, { body: {} }, 400, 'Nothing to update: send name or teamNumber'],
    [
      'an over-long name',
      () => gurus._id,
      { body: { name: 'y'.repeat(60) } },
      400,
      'Team name must not exceed 50 characters',
    ],
    [
      'team number 13',
      () => gurus._id,
      { body: { teamNumber: 13 } },
      400,
      'Team number must be between 1 and 12',
    ],
    ['malformed JSON', () => gurus._id, { rawBody: '{' }, 400, 'Malformed JSON body'],
    ['an unknown team', () => UNKNOWN_ID, { body: { name: 'Ghosts' } }, 404, 'Team not found'],
    ['an id that is not one', () => '12345', { body: { name: 'Ghosts' } }, 400, 'Invalid id'],
  ];
  it.each(badUpdates)('refuses to update a team with %s', async (_case, id, options, status, message) => {
    await expectRefusedWithoutChange(
      t,
      () => t.request('PUT', `/api/teams/${id()}`, { token: admin.token, ...options }),
      status,
      message,
    );
  });

  describe('owners', () => {
    it('assigns a user as owner and shows the username', async () => {
      const response = await t.request<TeamData>('POST', `/api/teams/${gurus._id}/assign-owner`, {
        token: admin.token,
        body: { userId: alice.user._id },
      });
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('User assigned to team successfully');
      expect(teamDataSchema.parse(response.body.data).team.ownerId).toEqual({
        _id: alice.user._id,
        username: 'alice',
      });
    });

    it('refuses a second team for a user who already owns one, naming user and team', async () => {
      const [other] = (await listTeams()).filter((team) => team._id !== gurus._id);
      await expectRefusedWithoutChange(
        t,
        () =>
          t.request('POST', `/api/teams/${other!._id}/assign-owner`, {
            token: admin.token,
            body: { userId: alice.user._id },
          }),
        409,
        'alice already owns Gridiron Gurus II',
      );
    });

    it('changes the owner, which frees the previous owner', async () => {
      const changed = await t.request<TeamData>('POST', `/api/teams/${gurus._id}/assign-owner`, {
        token: admin.token,
        body: { userId: bob.user._id },
      });
      expect(changed.body.data.team.ownerId).toEqual({ _id: bob.user._id, username: 'bob' });
      const [other] = (await listTeams()).filter((team) => team._id !== gurus._id);
      const freed = await t.request<TeamData>('POST', `/api/teams/${other!._id}/assign-owner`, {
        token: admin.token,
        body: { userId: alice.user._id },
      });
      expect(freed.status).toBe(200);
    });

    it('answers re-assigning the same owner without writing an event', async () => {
      const before = await snapshotLeague(t);
      const response = await t.request('POST', `/api/teams/${gurus._id}/assign-owner`, {
        token: admin.token,
        body: { userId: bob.user._id },
      });
      expect(response.status).toBe(200);
      expect(await snapshotLeague(t)).toEqual(before);
    });

    const badAssigns: [string, () => string, unknown, number, string][] = [
      ['an unknown user', () => gurus._id, { userId: UNKNOWN_ID }, 404, 'User not found'],
      ['a user id that is not one', () => gurus._id, { userId: 'alice' }, 400, 'Invalid id'],
      ['no user', () => gurus._id, {}, 400, 'Select a user'],
      ['a numeric user id', () => gurus._id, { userId: 7 }, 400, 'Invalid id'],
      ['an unknown team', () => UNKNOWN_ID, { userId: UNKNOWN_ID }, 404, 'Team not found'],
    ];
    it.each(badAssigns)('refuses to assign an owner with %s', async (_case, id, body, status, message) => {
      await expectRefusedWithoutChange(
        t,
        () => t.request('POST', `/api/teams/${id()}/assign-owner`, { token: admin.token, body }),
        status,
        message,
      );
    });
  });

  describe('deletion', () => {
    it('refuses to delete a team that is in a draft not yet completed', async () => {
      const draft = await createDraft(t, admin.token, 'Keeper League');
      await assignTeams(t, admin.token, draft._id, [gurus._id]);
      await expectRefusedWithoutChange(
        t,
        () => t.request('DELETE', `/api/teams/${gurus._id}`, { token: admin.token }),
        409,
        'Team is assigned to a draft that is not completed',
      );
      // Deleting the draft releases the team.
      expect((await t.request('DELETE', `/api/drafts/${draft._id}`, { token: admin.token })).status).toBe(
        200,
      );
      expect((await getTeam(t, admin.token, gurus._id)).draftId).toBeNull();
    });

    it('deletes a team: it disappears, its number and its owner are free again', async () => {
      const response = await t.request('DELETE', `/api/teams/${gurus._id}`, { token: admin.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'Team deleted successfully',
        data: { teamId: gurus._id },
      });
      expect((await t.request('GET', `/api/teams/${gurus._id}`, { token: admin.token })).status).toBe(404);
      expect((await listTeams()).some((team) => team._id === gurus._id)).toBe(false);
      const successor = await createTeam(t, admin.token, 'Pigskin Prophets', gurus.teamNumber);
      const owned = await t.request<TeamData>('POST', `/api/teams/${successor._id}/assign-owner`, {
        token: admin.token,
        body: { userId: bob.user._id },
      });
      expect(owned.status).toBe(200);
    });

    it('answers 404 to deleting a deleted or unknown team, and 400 to a malformed id', async () => {
      for (const [id, status, message] of [
        [gurus._id, 404, 'Team not found'],
        [UNKNOWN_ID, 404, 'Team not found'],
        ['nope', 400, 'Invalid id'],
      ] as const) {
        await expectRefusedWithoutChange(
          t,
          () => t.request('DELETE', `/api/teams/${id}`, { token: admin.token }),
          status,
          message,
        );
      }
    });
  });

  describe('under concurrency', () => {
    it('lets exactly one of two simultaneous owner assignments give a user a team', async () => {
      const carol = await t.registerUser('carol');
      const free = (await listTeams()).filter((team) => team.ownerId === null).slice(0, 2);
      expect(free).toHaveLength(2);
      const answers = await Promise.all(
        free.map((team) =>
          t.request('POST', `/api/teams/${team._id}/assign-owner`, {
            token: admin.token,
            body: { userId: carol.user._id },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await listTeams()).filter((team) => team.ownerId?._id === carol.user._id)).toHaveLength(1);
    });
  });
});
