import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  draftDataSchema,
  draftsDataSchema,
  draftStatusDataSchema,
  type Draft,
  type DraftData,
  type DraftsData,
  type DraftStatusData,
  type Team,
} from '@auction/contracts';
import {
  draftStreamId,
  foldDraft,
  foldTeam,
  isDraftEvent,
  isTeamEvent,
  teamBudget,
  type DraftEvent,
  type Pick,
  type TeamEvent,
} from '@auction/domain';
import { PostgresEventStore, START, type RecordedEvent } from '@auction/event-store';
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
} from '../teams/__tests__/league-test-kit.js';
import { LeagueProjections } from './league-projections.js';
import { LeagueReadModelsRebuilder } from './league-read-models.rebuilder.js';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
const teams: Team[] = [];

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.loginAdmin();
  alice = await t.registerUser('alice');
  for (const [index, name] of [
    'Gridiron Gurus',
    'Blitz Brigade',
    'End Zone Elite',
    'Hail Mary Heroes',
  ].entries()) {
    teams.push(await createTeam(t, admin.token, name, index + 1));
  }
  await t.request('POST', `/api/teams/${teams[1]!._id}/assign-owner`, {
    token: admin.token,
    body: { userId: alice.user._id },
  });
});

afterAll(async () => {
  await t?.close();
});

const getDraft = async (draftId: string): Promise<Draft> => {
  const response = await t.request<DraftData>('GET', `/api/drafts/${draftId}`, { token: alice.token });
  expect(response.status).toBe(200);
  return draftDataSchema.parse(response.body.data).draft;
};

/** Appends picks as the auction will: straight to the draft stream, projected inline by the league projections. */
async function sellPlayers(draftId: string, picks: Pick[]): Promise<void> {
  const store = t.app.get(PostgresEventStore);
  const projection = t.app.get(LeagueProjections);
  const streamId = draftStreamId(draftId);
  const expectedVersion = await store.streamVersion(streamId);
  const events = picks.map((pick) => ({ type: 'PlayerSold', data: { pick } }) satisfies DraftEvent);
  await store.append(streamId, events, {
    expectedVersion,
    metadata: { actorUsername: 'test' },
    project: (tx, recorded) => projection.apply(recorded, tx),
  });
}

const pick = (pickNumber: number, team: Team, cost: number, position = 'RB'): Pick => ({
  pickNumber,
  playerId: `provider-${pickNumber}`,
  playerName: `Player ${pickNumber}`,
  position,
  nflTeam: 'KC',
  teamId: team._id,
  cost,
  pickId: randomUUID(),
  source: 'auction',
  pickedAt: new Date().toISOString(),
});

describe('drafts', () => {
  let draft: Draft;

  it('lists no drafts before any is created', async () => {
    const response = await t.request<DraftsData>('GET', '/api/drafts', { token: alice.token });
    expect(response.status).toBe(200);
    expect(draftsDataSchema.parse(response.body.data).drafts).toEqual([]);
  });

  it('creates a draft with the spec defaults: 12 teams, 20 players, $260, auction', async () => {
    const response = await t.request<DraftData>('POST', '/api/drafts', {
      token: admin.token,
      body: { name: ' Sunday League ' },
    });
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Draft created successfully');
    draft = draftDataSchema.parse(response.body.data).draft;
    expect(draft).toMatchObject({
      name: 'Sunday League',
      status: 'created',
      teams: [],
      currentRound: 0,
      currentTeamTurn: null,
      totalPicks: 0,
      settings: { teamsCount: 12, playersPerTeam: 20, budgetPerTeam: 260, draftType: 'auction' },
      startedAt: null,
      completedAt: null,
    });
  });

  it('takes the settings it is given and defaults the rest', async () => {
    const custom = await createDraft(t, admin.token, 'Small League', { teamsCount: 4, budgetPerTeam: 200 });
    expect(custom.settings).toEqual({
      teamsCount: 4,
      playersPerTeam: 20,
      budgetPerTeam: 200,
      draftType: 'auction',
      auctionTimeLimit: 30,
      bidTimeReset: 30,
      nominationTimeLimit: 30,
    });
  });

  it('lists drafts newest first and gets one by id', async () => {
    const response = await t.request<DraftsData>('GET', '/api/drafts', { token: alice.token });
    const { drafts } = draftsDataSchema.parse(response.body.data);
    expect(drafts.map((d) => d.name)).toEqual(['Small League', 'Sunday League']);
    expect(await getDraft(draft._id)).toEqual(draft);
  });

  it('answers 404 for an unknown draft and 400 for an id that is not one', async () => {
    for (const path of [`/api/drafts/${UNKNOWN_ID}`, `/api/drafts/${UNKNOWN_ID}/status`]) {
      const response = await t.request('GET', path, { token: alice.token });
      expect([response.status, response.body.message]).toEqual([404, 'Draft not found']);
    }
    const malformed = await t.request('GET', '/api/drafts/1234', { token: alice.token });
    expect([malformed.status, malformed.body.message]).toEqual([400, 'Invalid id']);
  });

  it('answers a route that does not exist with a 404 naming it, in the envelope', async () => {
    for (const [method, path] of [
      ['DELETE', `/api/drafts/${draft._id}/picks/`],
      ['PATCH', `/api/drafts/${draft._id}`],
      ['GET', '/api/nothing-here'],
    ] as const) {
      const response = await t.request(method, `${path}?token=not-repeated`, { token: admin.token });
      expect([response.status, response.body]).toEqual([
        404,
        { success: false, message: `Route not found: ${method} ${path}`, data: null },
      ]);
    }
  });

  const badCreates: [string, { body?: unknown; rawBody?: string }, string][] = [
    ['malformed JSON', { rawBody: '{"name": ' }, 'Malformed JSON body'],
    ['no name', { body: {} }, 'Draft name is required'],
    ['a blank name', { body: { name: '  ' } }, 'Draft name is required'],
    ['a name that is not text', { body: { name: ['x'] } }, 'Draft name must be text'],
    ['an over-long name', { body: { name: 'd'.repeat(101) } }, 'Draft name must not exceed 100 characters'],
    [
      'a line break in its name',
      { body: { name: 'a\r\nX-Injected: 1' } },
      'Draft name cannot contain control characters',
    ],
    [
      'a right-to-left override in its name',
      { body: { name: 'Draft \u202e2026' } },
      'Draft name cannot contain control characters',
    ],
    [
      '13 teams',
      { body: { name: 'X', settings: { teamsCount: 13 } } },
      'Teams count must be between 1 and 12',
    ],
    [
      '0 players per team',
      { body: { name: 'X', settings: { playersPerTeam: 0 } } },
      'Players per team must be between 1 and 20',
    ],
    [
      'a budget as text',
      { body: { name: 'X', settings: { budgetPerTeam: '260' } } },
      'Budget per team must be a number',
    ],
    [
      'a snake draft',
      { body: { name: 'X', settings: { draftType: 'snake' } } },
      'Only auction drafts are supported',
    ],
    [
      'a budget too small to fill a roster',
      { body: { name: 'X', settings: { playersPerTeam: 20, budgetPerTeam: 19 } } },
      'Budget per team must be a whole number between $20 and $10000 (each player costs at least $1)',
    ],
  ];
  it.each(badCreates)('refuses to create a draft with %s', async (_case, options, message) => {
    await expectRefusedWithoutChange(
      t,
      () => t.request('POST', '/api/drafts', { token: admin.token, ...options }),
      400,
      message,
    );
  });

  it('renames a draft and changes its settings while it is created', async () => {
    const response = await t.request<DraftData>('PUT', `/api/drafts/${draft._id}`, {
      token: admin.token,
      body: { name: 'Sunday Funday', settings: { budgetPerTeam: 300 } },
    });
    expect(response.status).toBe(200);
    draft = draftDataSchema.parse(response.body.data).draft;
    expect(draft).toMatchObject({ name: 'Sunday Funday', settings: { budgetPerTeam: 300, teamsCount: 12 } });
  });

  const badUpdates: [string, () => string, { body?: unknown; rawBody?: string }, number, string][] = [
    ['nothing to change', () => draft._id, { body: {} }, 400, 'Nothing to update: send name or settings'],
    [
      'an over-long name',
      () => draft._id,
      { body: { name: 'n'.repeat(150) } },
      400,
      'Draft name must not exceed 100 characters',
    ],
    ['malformed JSON', () => draft._id, { rawBody: '[1,' }, 400, 'Malformed JSON body'],
    [
      'a misspelt setting',
      () => draft._id,
      { body: { settings: { auctionTimelimit: 30 } } },
      400,
      'Unknown setting: auctionTimelimit',
    ],
    [
      'settings that are not an object',
      () => draft._id,
      { body: { settings: null } },
      400,
      'Settings must be an object of draft settings',
    ],
    ['an unknown draft', () => UNKNOWN_ID, { body: { name: 'Ghost' } }, 404, 'Draft not found'],
    ['an id that is not one', () => 'abc', { body: { name: 'Ghost' } }, 400, 'Invalid id'],
  ];
  it.each(badUpdates)('refuses to update a draft with %s', async (_case, id, options, status, message) => {
    await expectRefusedWithoutChange(
      t,
      () => t.request('PUT', `/api/drafts/${id()}`, { token: admin.token, ...options }),
      status,
      message,
    );
  });

  describe('assigning teams', () => {
    it('assigns teams: the draft lists them by number with owners, the teams show its budget', async () => {
      const response = await t.request<DraftData>('POST', `/api/drafts/${draft._id}/teams`, {
        token: admin.token,
        body: { teamIds: [teams[2]!._id, teams[1]!._id, teams[0]!._id] },
      });
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Teams assigned successfully');
      draft = draftDataSchema.parse(response.body.data).draft;
      expect(draft.teams).toEqual([
        { _id: teams[0]!._id, name: 'Gridiron Gurus', teamNumber: 1, ownerId: null },
        {
          _id: teams[1]!._id,
          name: 'Blitz Brigade',
          teamNumber: 2,
          ownerId: { _id: alice.user._id, username: 'alice' },
        },
        { _id: teams[2]!._id, name: 'End Zone Elite', teamNumber: 3, ownerId: null },
      ]);
      const blitz = await getTeam(t, alice.token, teams[1]!._id);
      expect(blitz).toMatchObject({
        draftId: draft._id,
        budget: { total: 300, spent: 0, remaining: 300 },
        slotsRemaining: 20,
      });
    });

    it('replaces the set: a team left out goes back to no draft and the default budget', async () => {
      draft = await assignTeams(t, admin.token, draft._id, [teams[0]!._id, teams[1]!._id]);
      expect(draft.teams.map((team) => team.teamNumber)).toEqual([1, 2]);
      expect(await getTeam(t, admin.token, teams[2]!._id)).toMatchObject({
        draftId: null,
        budget: { total: 260 },
      });
    });

    it('refuses a team that is already in another open draft, naming team and draft', async () => {
      const other = await createDraft(t, admin.token, 'Other League');
      await expectRefusedWithoutChange(
        t,
        () =>
          t.request('POST', `/api/drafts/${other._id}/teams`, {
            token: admin.token,
            body: { teamIds: [teams[3]!._id, teams[0]!._id] },
          }),
        409,
        'Gridiron Gurus is already in draft "Sunday Funday"',
      );
    });

    const badAssigns: [string, () => string, () => unknown, number, string][] = [
      [
        'an unknown team',
        () => draft._id,
        () => ({ teamIds: [teams[3]!._id, UNKNOWN_ID] }),
        404,
        'Team not found',
      ],
      ['a team id that is not one', () => draft._id, () => ({ teamIds: ['team-1'] }), 400, 'Invalid id'],
      ['no teams', () => draft._id, () => ({ teamIds: [] }), 400, 'Select at least one team'],
      [
        'teamIds that are not a list',
        () => draft._id,
        () => ({ teamIds: teams[0]!._id }),
        400,
        'teamIds must be a list of team ids',
      ],
      [
        'a team twice',
        () => draft._id,
        () => ({ teamIds: [teams[0]!._id, teams[0]!._id] }),
        400,
        'Each team can be assigned only once',
      ],
      ['an unknown draft', () => UNKNOWN_ID, () => ({ teamIds: [teams[3]!._id] }), 404, 'Draft not found'],
      ['a draft id that is not one', () => 'x', () => ({ teamIds: [teams[3]!._id] }), 400, 'Invalid id'],
    ];
    it.each(badAssigns)('refuses to assign teams with %s', async (_case, id, body, status, message) => {
      await expectRefusedWithoutChange(
        t,
        () => t.request('POST', `/api/drafts/${id()}/teams`, { token: admin.token, body: body() }),
        status,
        message,
      );
    });

    it('refuses more teams than the draft takes', async () => {
      const tiny = await createDraft(t, admin.token, 'Tiny League', { teamsCount: 1 });
      await expectRefusedWithoutChange(
        t,
        () =>
          t.request('POST', `/api/drafts/${tiny._id}/teams`, {
            token: admin.token,
            body: { teamIds: [teams[2]!._id, teams[3]!._id] },
          }),
        400,
        'This draft takes at most 1 team',
      );
      await t.request('DELETE', `/api/drafts/${tiny._id}`, { token: admin.token });
    });

    it('lets exactly one of two drafts take a team when both try at once', async () => {
      const [east, west] = [
        await createDraft(t, admin.token, 'East'),
        await createDraft(t, admin.token, 'West'),
      ];
      const answers = await Promise.all(
        [east, west].map((d) =>
          t.request('POST', `/api/drafts/${d._id}/teams`, {
            token: admin.token,
            body: { teamIds: [teams[3]!._id] },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const { rows } = await poolOf(t).query('SELECT draft_id FROM draft_teams WHERE team_id = $1', [
        teams[3]!._id,
      ]);
      expect(rows).toHaveLength(1);
      for (const d of [east, west]) await t.request('DELETE', `/api/drafts/${d._id}`, { token: admin.token });
    });
  });

  describe('starting', () => {
    it('refuses to start a draft without teams', async () => {
      const empty = await createDraft(t, admin.token, 'Empty League');
      await expectRefusedWithoutChange(
        t,
        () => t.request('POST', `/api/drafts/${empty._id}/start`, { token: admin.token }),
        409,
        'A draft needs at least one team to start',
      );
      await t.request('DELETE', `/api/drafts/${empty._id}`, { token: admin.token });
    });

    it('starts a draft: active, round 1, the lowest team number nominates first', async () => {
      const response = await t.request<DraftData>('POST', `/api/drafts/${draft._id}/start`, {
        token: admin.token,
      });
      expect(response.status).toBe(200);
      expect(response.body.message).toBe('Draft started successfully');
      draft = draftDataSchema.parse(response.body.data).draft;
      expect(draft).toMatchObject({
        status: 'active',
        currentRound: 1,
        currentTeamTurn: { _id: teams[0]!._id, name: 'Gridiron Gurus', teamNumber: 1 },
        settings: { teamsCount: 2 },
      });
      expect(draft.startedAt).not.toBeNull();
    });

    it('reports the status header: picks made out of teams × players', async () => {
      const response = await t.request<DraftStatusData>('GET', `/api/drafts/${draft._id}/status`, {
        token: alice.token,
      });
      expect(response.status).toBe(200);
      expect(draftStatusDataSchema.parse(response.body.data)).toEqual({
        draftId: draft._id,
        status: 'active',
        currentRound: 1,
        currentTeamTurn: { _id: teams[0]!._id, name: 'Gridiron Gurus', teamNumber: 1 },
        totalPicks: 0,
        picksTarget: 40,
        version: expect.any(Number),
      });
      const { rows } = await poolOf(t).query<{ version: number }>(
        `SELECT max(stream_version)::int AS version FROM es_events WHERE stream_id = $1`,
        [`draft-${draft._id}`],
      );
      expect(response.body.data.version).toBe(rows[0]!.version);
    });

    it('refuses to start it again, to assign teams to it or to change its settings', async () => {
      await expectRefusedWithoutChange(
        t,
        () => t.request('POST', `/api/drafts/${draft._id}/start`, { token: admin.token }),
        409,
        'The draft has already been started',
      );
      await expectRefusedWithoutChange(
        t,
        () =>
          t.request('POST', `/api/drafts/${draft._id}/teams`, {
            token: admin.token,
            body: { teamIds: [teams[2]!._id] },
          }),
        409,
        'Teams can only be assigned while the draft is in created status',
      );
      await expectRefusedWithoutChange(
        t,
        () =>
          t.request('PUT', `/api/drafts/${draft._id}`, {
            token: admin.token,
            body: { settings: { budgetPerTeam: 500 } },
          }),
        409,
        'Draft settings can only be changed while the draft is in created status',
      );
      await expectRefusedWithoutChange(
        t,
        () => t.request('POST', `/api/drafts/${UNKNOWN_ID}/start`, { token: admin.token }),
        404,
        'Draft not found',
      );
    });
  });

  describe('deleting a draft that holds picks', () => {
    it('shows sold players on the rosters and in the budgets', async () => {
      await sellPlayers(draft._id, [
        pick(1, teams[0]!, 45, 'QB'),
        pick(2, teams[1]!, 30),
        pick(3, teams[0]!, 12, 'WR'),
      ]);
      const gurus = await getTeam(t, admin.token, teams[0]!._id);
      expect(gurus).toMatchObject({ budget: { total: 300, spent: 57, remaining: 243 }, slotsRemaining: 18 });
      expect(gurus.players.map((p) => [p.pickNumber, p.playerName, p.position, p.team, p.cost])).toEqual([
        [1, 'Player 1', 'QB', 'KC', 45],
        [3, 'Player 3', 'WR', 'KC', 12],
      ]);
      expect((await getDraft(draft._id)).totalPicks).toBe(3);
    });

    it('deletes the draft: it is gone, picks are released, rosters and budgets reset', async () => {
      const response = await t.request('DELETE', `/api/drafts/${draft._id}`, { token: admin.token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        success: true,
        message: 'Draft deleted successfully',
        data: { draftId: draft._id },
      });
      expect((await t.request('GET', `/api/drafts/${draft._id}`, { token: alice.token })).status).toBe(404);
      const list = await t.request<DraftsData>('GET', '/api/drafts', { token: alice.token });
      expect(list.body.data.drafts.some((d) => d._id === draft._id)).toBe(false);
      for (const team of teams.slice(0, 2)) {
        expect(await getTeam(t, admin.token, team._id)).toMatchObject({
          draftId: null,
          players: [],
          budget: { total: 260, spent: 0, remaining: 260 },
          slotsRemaining: 20,
        });
      }
      const { rows } = await poolOf(t).query('SELECT count(*)::int AS n FROM picks WHERE draft_id = $1', [
        draft._id,
      ]);
      expect(rows[0].n).toBe(0);
      const store = t.app.get(PostgresEventStore);
      const deleted = (await store.readStream(draftStreamId(draft._id))).events.at(-1)!;
      expect(deleted.type).toBe('DraftDeleted');
      expect((deleted.data as { releasedPicks: Pick[] }).releasedPicks.map((p) => p.playerId)).toEqual([
        'provider-1',
        'provider-2',
        'provider-3',
      ]);
    });

    it('answers 404 to every command on the deleted draft, changing nothing', async () => {
      for (const [method, path, body] of [
        ['DELETE', `/api/drafts/${draft._id}`, undefined],
        ['PUT', `/api/drafts/${draft._id}`, { name: 'Zombie' }],
        ['POST', `/api/drafts/${draft._id}/start`, undefined],
        ['POST', `/api/drafts/${draft._id}/teams`, { teamIds: [teams[0]!._id] }],
      ] as const) {
        await expectRefusedWithoutChange(
          t,
          () => t.request(method, path, { token: admin.token, body }),
          404,
          'Draft not found',
        );
      }
    });

    it('frees its teams for another draft', async () => {
      const next = await createDraft(t, admin.token, 'Rematch');
      const assigned = await assignTeams(t, admin.token, next._id, [teams[0]!._id, teams[1]!._id]);
      expect(assigned.teams).toHaveLength(2);
    });
  });

  describe('read models', () => {
    it('equal what folding the streams gives', async () => {
      const store = t.app.get(PostgresEventStore);
      const pool = poolOf(t);
      // Until every committed event is read, not until an empty page: that only means the server's snapshot
      // xmin (held back by any open transaction, another database's too) has not passed the rest yet.
      const total = (await pool.query('SELECT count(*)::int AS n FROM es_events')).rows[0].n as number;
      const streams = new Map<string, RecordedEvent[]>();
      const deadline = Date.now() + 30_000;
      for (let checkpoint = START, read = 0; read < total;) {
        if (Date.now() > deadline) throw new Error(`read ${read} of ${total} events`);
        const batch = await store.readAll(checkpoint, 500);
        if (batch.events.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        for (const event of batch.events)
          streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
        read += batch.events.length;
        checkpoint = batch.checkpoint;
      }
      const teamRows = new Map((await pool.query('SELECT * FROM teams')).rows.map((row) => [row.id, row]));
      const draftRows = new Map((await pool.query('SELECT * FROM drafts')).rows.map((row) => [row.id, row]));
      const draftTeams = (await pool.query('SELECT * FROM draft_teams')).rows;
      const picks = (await pool.query('SELECT * FROM picks')).rows;

      const folded = { teams: 0, drafts: 0 };
      for (const [streamId, events] of streams) {
        const messages = events.map((event) => ({ type: event.type, data: event.data }));
        if (streamId.startsWith('team-')) {
          const state = foldTeam(messages.filter(isTeamEvent) as TeamEvent[]);
          const row = teamRows.get(state.teamId);
          expect({
            name: row.name,
            teamNumber: row.team_number,
            ownerId: row.owner_user_id,
            deleted: row.deleted_at !== null,
          }).toEqual({
            name: state.name,
            teamNumber: state.teamNumber,
            ownerId: state.ownerId,
            deleted: state.deleted,
          });
          folded.teams += 1;
        } else if (streamId.startsWith('draft-')) {
          const state = foldDraft(messages.filter(isDraftEvent) as DraftEvent[]);
          const row = draftRows.get(state.draftId);
          expect({
            name: row.name,
            status: row.status,
            deleted: row.deleted_at !== null,
            settings: {
              teamsCount: row.teams_count,
              playersPerTeam: row.players_per_team,
              budgetPerTeam: row.budget_per_team,
              draftType: row.draft_type,
              auctionTimeLimit: row.auction_time_limit,
              bidTimeReset: row.bid_time_reset,
              nominationTimeLimit: row.nomination_time_limit,
            },
            teamIds: draftTeams
              .filter((dt) => dt.draft_id === state.draftId)
              .map((dt) => dt.team_id)
              .sort(),
            currentRound: row.current_round,
            currentTeamTurn: row.current_team_turn,
            picks: picks
              .filter((p) => p.draft_id === state.draftId)
              .map((p) => p.pick_number)
              .sort(),
            version: row.version,
          }).toEqual({
            name: state.name,
            status: state.status,
            deleted: state.deleted,
            settings: state.settings,
            teamIds: [...state.teamIds].sort(),
            currentRound: state.currentRound,
            currentTeamTurn: state.currentTeamTurn,
            picks: state.picks.map((p) => p.pickNumber).sort(),
            version: events.at(-1)!.streamVersion,
          });
          for (const teamId of state.deleted ? [] : state.teamIds) {
            const team = teamRows.get(teamId);
            if (team.current_draft_id !== state.draftId) continue;
            const budget = teamBudget(
              state.picks,
              teamId,
              state.settings.budgetPerTeam,
              state.settings.playersPerTeam,
            );
            expect({
              total: team.budget_total,
              spent: team.budget_spent,
              players: team.player_count,
            }).toEqual({
              total: budget.total,
              spent: budget.spent,
              players: budget.playerCount,
            });
          }
          folded.drafts += 1;
        }
      }
      expect(folded.teams).toBe(teamRows.size);
      expect(folded.drafts).toBe(draftRows.size);
    });

    it('rebuild from the log to exactly the live tables', async () => {
      // Picks in a live draft too, so the rebuild has rosters and budgets to recompute.
      const live = (
        await t.request<DraftsData>('GET', '/api/drafts', { token: admin.token })
      ).body.data.drafts.find((d) => d.name === 'Rematch')!;
      await sellPlayers(live._id, [pick(1, teams[1]!, 20)]);
      const before = await snapshotLeague(t);
      const result = await t.app.get(LeagueReadModelsRebuilder).rebuild();
      expect(result.events).toBe(before.events);
      expect(await snapshotLeague(t)).toEqual(before);
      expect((await getTeam(t, alice.token, teams[1]!._id)).budget).toEqual({
        total: 260,
        spent: 20,
        remaining: 240,
      });
    });
  });
});
