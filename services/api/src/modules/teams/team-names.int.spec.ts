import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Team, TeamData, TeamsData } from '@auction/contracts';
import { teamDecider, teamStreamId } from '@auction/domain';
import type { QueryRunner } from 'typeorm';
import { TeamNameUniqueness1763781401000 } from '../../infrastructure/database/migrations/1763781401000-team-name-uniqueness.js';
import { TeamNamesComparedUnicodeAware1763781450000 } from '../../infrastructure/database/migrations/1763781450000-team-names-compared-unicode-aware.js';
import { TeamNamesComparedWithoutIgnorables1763781460000 } from '../../infrastructure/database/migrations/1763781460000-team-names-compared-without-ignorables.js';
import { StreamCommandRunner } from '../../infrastructure/event-sourcing/stream-command-runner.js';
import { upcastRecords } from '../../infrastructure/event-sourcing/upcast-records.js';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { LeagueReadModelsRebuilder } from '../drafts/index.js';
import {
  createTeam,
  expectRefusedWithoutChange,
  poolOf,
  snapshotLeague,
} from './__tests__/league-test-kit.js';
import { TeamProjection } from './team.projection.js';

let t: TestApp;
let second: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  // A second instance on the same database: simultaneous requests really race in PostgreSQL.
  second = await startTestApp({ shareDatabaseWith: t });
  admin = await t.loginAdmin();
});

afterAll(async () => {
  await second?.close();
  await t?.close();
});

const post = (app: TestApp, name: string, teamNumber = 1) =>
  app.request<TeamData>('POST', '/api/teams', { token: admin.token, body: { name, teamNumber } });

const rename = (app: TestApp, teamId: string, body: object) =>
  app.request<TeamData>('PUT', `/api/teams/${teamId}`, { token: admin.token, body });

const liveNamed = async (name: string): Promise<Team[]> => {
  const { teams } = (await t.request<TeamsData>('GET', '/api/teams', { token: admin.token })).body.data;
  return teams.filter((team) => team.name.trim().toLowerCase() === name.trim().toLowerCase());
};

const nameKeys = async (ids: string[]): Promise<(string | null)[]> => {
  const { rows } = await poolOf(t).query<{ id: string; name_key: string | null }>(
    'SELECT id, name_key FROM teams WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return ids.map((id) => rows.find((row) => row.id === id)?.name_key ?? null);
};

/** Runs a migration's statements on the app's pool as TypeORM's QueryRunner does: parameters in, rows out. */
const queryRunnerOf = (app: TestApp): QueryRunner => {
  const pool = poolOf(app);
  const query = async (text: string, parameters?: unknown[]) => (await pool.query(text, parameters)).rows;
  return { query } as unknown as QueryRunner;
};

/** Appends a TeamCreated the way the API did before names were judged: projection only, no guard. */
async function legacyCreate(name: string, teamNumber: number): Promise<string> {
  const teamId = randomUUID();
  const projection = t.app.get(TeamProjection);
  await t.app.get(StreamCommandRunner).run({
    streamId: teamStreamId(teamId),
    decider: teamDecider,
    command: { type: 'CreateTeam', data: { teamId, name, teamNumber } },
    actor: 'system',
    project: (tx, { recorded }) => projection.apply(upcastRecords(recorded), tx),
  });
  return teamId;
}

describe('team names are unique among live teams (trimmed, case-insensitive)', () => {
  it('refuses a second team with the same name with a 409 naming the existing team, changing nothing', async () => {
    await createTeam(t, admin.token, 'Blitz Brigade', 1);
    for (const name of ['Blitz Brigade', '  blitz BRIGADE ']) {
      await expectRefusedWithoutChange(
        t,
        () => post(t, name, 2),
        409,
        'A team named "Blitz Brigade" already exists',
      );
    }
  });

  it('refuses renaming a team to another team name, and lets a team change the case of its own', async () => {
    const raiders = await createTeam(t, admin.token, 'Red Zone Raiders', 2);
    const blitz = (await liveNamed('Blitz Brigade'))[0]!;
    await expectRefusedWithoutChange(
      t,
      () => rename(t, blitz._id, { name: ' RED ZONE raiders' }),
      409,
      'A team named "Red Zone Raiders" already exists',
    );
    const recased = await rename(t, raiders._id, { name: 'RED ZONE RAIDERS' });
    expect([recased.status, recased.body.data.team.name]).toEqual([200, 'RED ZONE RAIDERS']);
  });

  it('frees the name of a deleted team and of a renamed one', async () => {
    const [raiders] = await liveNamed('Red Zone Raiders');
    expect((await t.request('DELETE', `/api/teams/${raiders!._id}`, { token: admin.token })).status).toBe(
      200,
    );
    const reborn = await post(t, 'Red Zone Raiders', 3);
    expect(reborn.status).toBe(201);

    const renamed = await rename(t, reborn.body.data.team._id, { name: 'Goal Line Stand' });
    expect(renamed.status).toBe(200);
    expect((await post(t, 'red zone raiders', 4)).status).toBe(201);
  });

  it('lets exactly one of several simultaneous creates with one name win, on two instances', async () => {
    for (let round = 0; round < 3; round += 1) {
      const name = `Photo Finish ${round}`;
      const spellings = [name, ` ${name} `, name.toLowerCase(), name.toUpperCase(), `${name}  `, name];
      const answers = await Promise.all(
        spellings.map((spelling, i) => post(i % 2 === 0 ? t : second, spelling, 5)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expect(refused.body.message).toMatch(new RegExp(`^A team named "${name}" already exists$`, 'i'));
      }
      expect(await liveNamed(name)).toHaveLength(1);
    }
  });

  it('lets exactly one of two simultaneous renames to one name win', async () => {
    const left = await createTeam(t, admin.token, 'Left Tackles', 6);
    const right = await createTeam(t, admin.token, 'Right Tackles', 7);
    const answers = await Promise.all([
      rename(t, left._id, { name: 'Both Tackles' }),
      rename(second, right._id, { name: 'both tackles' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await liveNamed('Both Tackles')).toHaveLength(1);
  });
});

describe('duplicate names recorded before the rule', () => {
  const legacyIds: string[] = [];

  beforeAll(async () => {
    legacyIds.push(await legacyCreate('Old Timers', 8));
    legacyIds.push(await legacyCreate('old timers ', 9));
    legacyIds.push(await legacyCreate('OLD TIMERS', 10));
  });

  it('keeps them: the first created holds the name, a further one is refused, the others can still change', async () => {
    expect(await liveNamed('Old Timers')).toHaveLength(3);
    expect(await nameKeys(legacyIds)).toEqual(['old timers', null, null]);
    await expectRefusedWithoutChange(
      t,
      () => post(t, 'Old Timers', 11),
      409,
      'A team named "Old Timers" already exists',
    );
    // A duplicate can still be renumbered (its name is not judged) and renamed out of the clash.
    expect((await rename(t, legacyIds[1]!, { teamNumber: 12 })).status).toBe(200);
    expect((await rename(t, legacyIds[2]!, { name: 'New Timers' })).status).toBe(200);
    expect(await nameKeys(legacyIds)).toEqual(['old timers', null, 'new timers']);
  });

  it('passes the name to the next duplicate when its holder is deleted', async () => {
    expect((await t.request('DELETE', `/api/teams/${legacyIds[0]}`, { token: admin.token })).status).toBe(
      200,
    );
    expect(await nameKeys(legacyIds)).toEqual([null, 'old timers', 'new timers']);
    await expectRefusedWithoutChange(
      t,
      () => post(t, 'old timers', 11),
      409,
      'A team named "old timers" already exists',
    );
  });

  it('rebuilds the read models from a log holding duplicates to exactly the live rows', async () => {
    // One more duplicate pair, so the rebuild replays a clash.
    legacyIds.push(await legacyCreate('Twin Peaks', 1));
    legacyIds.push(await legacyCreate('twin peaks', 2));
    const before = await snapshotLeague(t);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await snapshotLeague(t)).toEqual(before);
  });

  it('migrates a database that already holds duplicates to the same rows the projection keeps', async () => {
    const before = await snapshotLeague(t);
    const queryRunner = queryRunnerOf(t);
    const migration = new TeamNameUniqueness1763781401000();
    const unicodeAware = new TeamNamesComparedUnicodeAware1763781450000();
    const withoutIgnorables = new TeamNamesComparedWithoutIgnorables1763781460000();
    await withoutIgnorables.down(queryRunner);
    await unicodeAware.down(queryRunner);
    await migration.down(queryRunner);
    await migration.up(queryRunner);
    await unicodeAware.up(queryRunner);
    await withoutIgnorables.up(queryRunner);
    expect(await snapshotLeague(t)).toEqual(before);
    await expectRefusedWithoutChange(
      t,
      () => post(t, 'TWIN PEAKS', 3),
      409,
      'A team named "Twin Peaks" already exists',
    );
  });
});

describe('team names compared as they look (NFKC, lower case, trimmed of Unicode whitespace)', () => {
  const FULLWIDTH_SHARKS = '\uFF33\uFF48\uFF41\uFF52\uFF4B\uFF53'; // Ｓｈａｒｋｓ
  const CAFE_PRECOMPOSED = 'Caf\u00E9 Crew'; // é as one code point
  const CAFE_DECOMPOSED = 'Cafe\u0301 Crew'; // e + combining acute accent

  it('refuses a fullwidth twin, or one with no-break, ideographic or tab whitespace at its ends, naming the team', async () => {
    await createTeam(t, admin.token, 'Sharks', 1);
    for (const name of [
      FULLWIDTH_SHARKS,
      ' Sharks\u00A0',
      '\u3000SHARKS\u3000',
      '\tsharks\u2003',
      `${FULLWIDTH_SHARKS}\u00A0`,
    ]) {
      await expectRefusedWithoutChange(
        t,
        () => post(t, name, 2),
        409,
        'A team named "Sharks" already exists',
      );
    }
  });

  it('refuses a twin that differs only by characters that render as nothing (default-ignorable), naming the team', async () => {
    for (const name of [
      'sharks\u200b', // zero-width space
      '\u200bSharks',
      'Sh\u200barks',
      'Sharks\u2060', // word joiner
      'Sharks\ufe0f', // variation selector 16
      'Sharks\u00ad', // soft hyphen
    ]) {
      await expectRefusedWithoutChange(
        t,
        () => post(t, name, 2),
        409,
        'A team named "Sharks" already exists',
      );
    }
  });

  it('refuses a name written with its accents decomposed when the precomposed one exists, and the other way round', async () => {
    await createTeam(t, admin.token, CAFE_PRECOMPOSED, 3);
    await expectRefusedWithoutChange(
      t,
      () => post(t, CAFE_DECOMPOSED, 4),
      409,
      `A team named "${CAFE_PRECOMPOSED}" already exists`,
    );
    await createTeam(t, admin.token, 'Nin\u0303o Squad', 5); // n + combining tilde
    await expectRefusedWithoutChange(
      t,
      () => post(t, 'NI\u00D1O SQUAD', 6),
      409,
      'A team named "Nin\u0303o Squad" already exists',
    );
  });

  it('still tells apart names that look different: accents, inner spaces, ß and ss', async () => {
    for (const [name, teamNumber] of [
      ['Cafe Crew', 7],
      ['Sharks 2', 8],
      ['Stra\u00DFe Squad', 9],
      ['Strasse Squad', 10],
    ] as const) {
      expect((await post(t, name, teamNumber)).status).toBe(201);
    }
  });

  it('refuses renaming a team into a name that only looks different, and lets a team respell its own', async () => {
    const tide = await createTeam(t, admin.token, 'Riptide', 11);
    for (const name of [FULLWIDTH_SHARKS, CAFE_DECOMPOSED.toUpperCase(), '\u00A0sharks']) {
      await expectRefusedWithoutChange(
        t,
        () => rename(t, tide._id, { name }),
        409,
        /^A team named "(Sharks|Caf\u00E9 Crew)" already exists$/,
      );
    }
    const sharks = (await liveNamed('Sharks'))[0]!;
    const respelt = await rename(t, sharks._id, { name: FULLWIDTH_SHARKS });
    expect([respelt.status, respelt.body.data.team.name]).toEqual([200, FULLWIDTH_SHARKS]);
    // The name it held is its own under either spelling: a plain "Sharks" is refused, naming the new spelling.
    await expectRefusedWithoutChange(
      t,
      () => post(t, 'Sharks', 12),
      409,
      `A team named "${FULLWIDTH_SHARKS}" already exists`,
    );
    // A deleted team frees the name in every spelling.
    expect((await t.request('DELETE', `/api/teams/${sharks._id}`, { token: admin.token })).status).toBe(200);
    expect((await post(t, ' sharks\u3000', 12)).status).toBe(201);
  });

  it('lets exactly one of simultaneous creates with look-alike names win, on two instances', async () => {
    const spellings = [
      'Lookalikes',
      '\uFF2C\uFF4F\uFF4F\uFF4B\uFF41\uFF4C\uFF49\uFF4B\uFF45\uFF53',
      'LOOKALIKES\u00A0',
      '\u3000lookalikes',
    ];
    const answers = await Promise.all(spellings.map((name, i) => post(i % 2 === 0 ? t : second, name, 1)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('migrates names that collide only when compared this way: the first created keeps the key, no name changes', async () => {
    // Recorded before this form of the rule: both were accepted, and each held its own key.
    const earlier = await legacyCreate('Tide Pool', 2);
    const later = await legacyCreate('\uFF34\uFF49\uFF44\uFF45 \uFF30\uFF4F\uFF4F\uFF4C', 3); // Ｔｉｄｅ Ｐｏｏｌ
    const decomposed = await legacyCreate('Se\u0301ance', 4);
    const precomposed = await legacyCreate('S\u00E9ance', 5);
    const ids = [earlier, later, decomposed, precomposed];
    const before = await snapshotLeague(t);
    expect(await nameKeys(ids)).toEqual(['tide pool', null, 's\u00E9ance', null]);

    const queryRunner = queryRunnerOf(t);
    const migration = new TeamNamesComparedUnicodeAware1763781450000();
    await migration.down(queryRunner);
    // As the old rule (lower(btrim(name))) had them: four different names, four keys.
    expect(await nameKeys(ids)).toEqual([
      'tide pool',
      '\uFF54\uFF49\uFF44\uFF45 \uFF50\uFF4F\uFF4F\uFF4C',
      'se\u0301ance',
      's\u00E9ance',
    ]);
    await migration.up(queryRunner);
    expect(await snapshotLeague(t)).toEqual(before);
    const { rows } = await poolOf(t).query<{ name: string }>(
      'SELECT name FROM teams WHERE id = ANY($1::uuid[]) ORDER BY created_at, id',
      [ids],
    );
    expect(rows.map((row) => row.name)).toEqual([
      'Tide Pool',
      '\uFF34\uFF49\uFF44\uFF45 \uFF30\uFF4F\uFF4F\uFF4C',
      'Se\u0301ance',
      'S\u00E9ance',
    ]);
    await expectRefusedWithoutChange(
      t,
      () => post(t, 'TIDE POOL', 6),
      409,
      'A team named "Tide Pool" already exists',
    );
  });

  it('rebuilds the read models from a log holding look-alike duplicates to exactly the live rows', async () => {
    const before = await snapshotLeague(t);
    expect(before.teams.length).toBeGreaterThan(0);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await snapshotLeague(t)).toEqual(before);
  });
});

describe('team names compared without default-ignorable characters (zero-width, joiners, soft hyphen, selectors)', () => {
  it('refuses renaming a team into a name that differs from another only invisibly, and lets a team add them to its own', async () => {
    const marlins = await createTeam(t, admin.token, 'Marlins', 1);
    const barracudas = await createTeam(t, admin.token, 'Barracudas', 2);
    await expectRefusedWithoutChange(
      t,
      () => rename(t, barracudas._id, { name: 'Mar\u200Dlins\u2060' }),
      409,
      'A team named "Marlins" already exists',
    );
    const respelt = await rename(t, marlins._id, { name: 'Mar\u00ADlins' });
    expect([respelt.status, respelt.body.data.team.name]).toEqual([200, 'Mar\u00ADlins']);
  });

  it('migrates names that collide only without those characters: the first created keeps the key, no name changes', async () => {
    // Recorded before this form of the rule: both were accepted, and each held its own key.
    const earlier = await legacyCreate('Coral Reef', 3);
    const later = await legacyCreate('Coral\u200B Reef\uFE0F', 4);
    const ids = [earlier, later];
    const before = await snapshotLeague(t);
    expect(await nameKeys(ids)).toEqual(['coral reef', null]);

    const queryRunner = queryRunnerOf(t);
    const migration = new TeamNamesComparedWithoutIgnorables1763781460000();
    await migration.down(queryRunner);
    // As the previous form (NFKC, lower case, trimmed) had them: two different names, two keys.
    expect(await nameKeys(ids)).toEqual(['coral reef', 'coral\u200B reef\uFE0F']);
    await migration.up(queryRunner);
    expect(await snapshotLeague(t)).toEqual(before);
    const { rows } = await poolOf(t).query<{ name: string }>(
      'SELECT name FROM teams WHERE id = ANY($1::uuid[]) ORDER BY created_at, id',
      [ids],
    );
    expect(rows.map((row) => row.name)).toEqual(['Coral Reef', 'Coral\u200B Reef\uFE0F']);
    await expectRefusedWithoutChange(
      t,
      () => post(t, 'CORAL\u2060 REEF', 5),
      409,
      'A team named "Coral Reef" already exists',
    );
  });

  it('rebuilds the read models from a log holding invisibly different duplicates to exactly the live rows', async () => {
    const before = await snapshotLeague(t);
    await t.app.get(LeagueReadModelsRebuilder).rebuild();
    expect(await snapshotLeague(t)).toEqual(before);
  });
});
