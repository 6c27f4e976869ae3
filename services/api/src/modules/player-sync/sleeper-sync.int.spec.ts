import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { playerSyncProgressSchema, type PlayerSyncProgress } from '@auction/contracts';
import type { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { startTestApp, type TestApp, type TestUser } from '../../test-support/app-harness.js';
import { nextEvent, signedInSocket } from '../../test-support/socket-client.js';
import { countPlayers, playerRow, poolSnapshot, syncPlayers } from './__tests__/player-sync-test-kit.js';
import { SLEEPER_SAMPLE, SleeperTestServer, sleeperDefense } from './__tests__/sleeper-test-server.js';
import { PlayerSyncQueue } from './job/player-sync.queue.js';

/** The recorded sample plus two defenses shaped like the full answer's (the sample has none). */
const SLEEPER_ANSWER = {
  ...SLEEPER_SAMPLE,
  HOU: sleeperDefense('HOU', { first_name: 'Houston', last_name: 'Texans' }),
  SEA: sleeperDefense('SEA'),
};
// 150 sample entries, 5 of them free agents, plus the two defenses.
const SYNCED = 147;

let sleeper: SleeperTestServer;
let app: TestApp;
let pool: Pool;
let admin: TestUser;
const sockets: Socket[] = [];

beforeAll(async () => {
  sleeper = await SleeperTestServer.start();
  sleeper.behaviour = { kind: 'json', body: SLEEPER_ANSWER };
  app = await startTestApp({ env: { PLAYER_PROVIDER: 'sleeper', SLEEPER_BASE_URL: sleeper.baseUrl } });
  pool = app.app.get<Pool>(PG_POOL);
  admin = await app.loginAdmin();
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  sleeper.behaviour = { kind: 'json', body: SLEEPER_ANSWER };
});

afterAll(async () => {
  await app?.close();
  await sleeper?.close();
});

async function socketOf(user: TestUser): Promise<Socket> {
  const socket = await signedInSocket(app.baseUrl, user.token);
  sockets.push(socket);
  return socket;
}

function collectProgress(socket: Socket): PlayerSyncProgress[] {
  const events: PlayerSyncProgress[] = [];
  socket.on('playerSyncProgress', (payload: PlayerSyncProgress) => events.push(payload));
  return events;
}

describe('POST /api/players/sync with the Sleeper adapter (local server on 127.0.0.1)', () => {
  it('maps Sleeper players and merges projections from the bundled dataset', async () => {
    const response = await syncPlayers(app, admin.token);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      status: 'completed',
      provider: 'sleeper',
      updatedPlayers: SYNCED,
      inserted: SYNCED,
    });
    expect(sleeper.requests).toEqual(['GET /v1/players/nfl']);
    expect(await countPlayers(pool)).toBe(SYNCED);

    expect(await playerRow(pool, '9509')).toMatchObject({
      provider: 'sleeper',
      name: 'Bijan Robinson',
      position: 'RB',
      team: 'ATL',
      jersey_number: 7,
      age: 24,
      status: 'Active',
      injury_status: null,
      projected_points: 324.9,
      adp: 1.8,
      auction_value: 63.31,
    });
    expect(await playerRow(pool, '10222')).toMatchObject({
      name: 'Jayden Reed',
      team: 'GB',
      jersey_number: 11,
    });
    // In Sleeper's answer but not in the bundled dataset: catalogue data without projections.
    expect(await playerRow(pool, '11638')).toMatchObject({
      name: 'Ricky Pearsall',
      team: 'SF',
      projected_points: null,
      adp: null,
      auction_value: null,
    });
    expect(await playerRow(pool, 'HOU')).toMatchObject({
      name: 'Houston Texans',
      search_name: 'houston texans',
      position: 'DEF',
      team: 'HOU',
      jersey_number: null,
      age: null,
      projected_points: 104,
      adp: 97.3,
    });
    expect(await playerRow(pool, 'SEA')).toMatchObject({ name: 'Seattle Seahawks', projected_points: 103 });
    // Free agents are not in the pool.
    const { rows } = await pool.query(`SELECT 1 FROM players WHERE provider_id = '1479'`);
    expect(rows).toEqual([]);
  });

  it('leaves the pool untouched when the provider fails or sends malformed data, and says why', async () => {
    const before = await poolSnapshot(pool);
    const url = `${sleeper.baseUrl}/players/nfl`;
    const brokenRecords = Object.fromEntries(
      Object.entries(SLEEPER_ANSWER).map(([id, record], index) => [
        id,
        index % 4 === 0 ? { ...record, number: 'eleven' } : record,
      ]),
    );
    const cases: Array<[SleeperTestServer['behaviour'], string | RegExp]> = [
      [{ kind: 'raw', status: 500, body: 'oops' }, `Sleeper answered HTTP 500 to GET ${url}`],
      [
        { kind: 'raw', status: 200, body: '{"9509": {"position": "RB"' },
        `Sleeper answered invalid JSON (GET ${url})`,
      ],
      [
        { kind: 'json', body: [] },
        "Sleeper's answer is not the expected shape (an object of players keyed by player id)",
      ],
      [
        { kind: 'json', body: {} },
        "Sleeper's answer is not the expected shape (an object of players keyed by player id)",
      ],
      [
        {
          kind: 'json',
          body: { '1': { player_id: '1', position: 'OL', team: 'KC', full_name: 'A Lineman' } },
        },
        'Sleeper returned no usable players',
      ],
      [
        { kind: 'json', body: brokenRecords },
        /^Sleeper returned malformed data: \d+ of 1\d\d player records are invalid/,
      ],
    ];
    for (const [behaviour, reason] of cases) {
      sleeper.behaviour = behaviour;
      const response = await syncPlayers(app, admin.token);
      expect(response.status).toBe(502);
      expect(response.body.success).toBe(false);
      expect(response.body.data).toBeNull();
      const expected = typeof reason === 'string' ? `Player sync failed: ${reason}` : reason;
      if (typeof expected === 'string') expect(response.body.message).toBe(expected);
      else expect(response.body.message.replace('Player sync failed: ', '')).toMatch(expected);
      expect(await poolSnapshot(pool)).toEqual(before);
    }

    const { rows } = await pool.query<{ status: string; error: string }>(
      `SELECT status, error FROM player_sync_runs WHERE status <> 'completed' ORDER BY started_at`,
    );
    expect(rows.map((row) => row.status)).toEqual(cases.map(() => 'failed'));
    expect(rows[0]?.error).toBe(`Sleeper answered HTTP 500 to GET ${url}`);

    // And a healthy answer afterwards syncs again (nothing changed since the first sync).
    sleeper.behaviour = { kind: 'json', body: SLEEPER_ANSWER };
    const healthy = await syncPlayers(app, admin.token);
    expect(healthy.status).toBe(200);
    expect(healthy.body.data).toMatchObject({ updatedPlayers: SYNCED, inserted: 0 });
  });

  it('runs one sync at a time: of two simultaneous requests one runs, the other gets 409', async () => {
    sleeper.behaviour = { kind: 'json', body: SLEEPER_ANSWER, delayMs: 1_500 };
    const answers = await Promise.all([syncPlayers(app, admin.token), syncPlayers(app, admin.token)]);
    const byStatus = answers.sort((a, b) => a.status - b.status);
    expect(byStatus.map((answer) => answer.status)).toEqual([200, 409]);
    expect(byStatus[1]!.body).toEqual({
      success: false,
      message: 'A player sync is already running',
      data: null,
    });

    // A request while one is running is refused too; once it is done, syncing works again.
    const running = syncPlayers(app, admin.token);
    await waitFor(
      async () =>
        (await pool.query(`SELECT 1 FROM player_sync_runs WHERE status = 'running'`)).rowCount === 1,
    );
    const refused = await syncPlayers(app, admin.token);
    expect(refused.status).toBe(409);
    expect((await running).status).toBe(200);
  });

  it('enqueues atomically: of two simultaneous enqueues (past the friendly check) exactly one starts a job', async () => {
    sleeper.behaviour = { kind: 'json', body: SLEEPER_ANSWER, delayMs: 500 };
    const queue = app.app.get(PlayerSyncQueue);
    const [first, second] = await Promise.all([
      queue.enqueue({ requestedBy: admin.user._id }),
      queue.enqueue({ requestedBy: admin.user._id }),
    ]);
    expect([first.started, second.started].sort()).toEqual([false, true]);
    expect(second.job.id).toBe(first.job.id);
    expect(await queue.isBusy()).toBe(true);
    expect(await queue.waitFor(first.job, 10_000)).toMatchObject({ state: 'completed' });
    expect(await queue.isBusy()).toBe(false);
  });

  it('answers 202 with the job id when the provider is slow, streams progress to admins only, then completes', async () => {
    const adminSocket = await socketOf(admin);
    const userSocket = await socketOf(await app.registerUser('sync_watcher'));
    const adminEvents = collectProgress(adminSocket);
    const userEvents = collectProgress(userSocket);

    sleeper.behaviour = { kind: 'json', body: SLEEPER_ANSWER, delayMs: 9_500 };
    const started = Date.now();
    const response = await syncPlayers(app, admin.token);
    expect(response.status).toBe(202);
    expect(Date.now() - started).toBeGreaterThanOrEqual(7_900);
    expect(response.body).toEqual({
      success: true,
      message: 'Player sync is still running; progress is sent over the socket',
      data: {
        jobId: expect.stringMatching(/^sync-/),
        status: 'running',
        provider: 'sleeper',
        updatedPlayers: null,
        inserted: null,
        durationMs: null,
      },
    });
    const jobId = response.body.data!.jobId;

    await nextEvent<PlayerSyncProgress>(
      adminSocket,
      'playerSyncProgress',
      (progress) => progress.jobId === jobId && progress.phase === 'completed',
      15_000,
    );
    for (const progress of adminEvents) expect(playerSyncProgressSchema.parse(progress)).toEqual(progress);
    const phases = adminEvents
      .filter((progress) => progress.jobId === jobId)
      .map((progress) => progress.phase);
    expect(phases[0]).toBe('queued');
    expect([...new Set(phases)]).toEqual(['queued', 'fetching', 'validating', 'writing', 'completed']);
    expect(adminEvents.at(-1)).toMatchObject({ phase: 'completed', processed: SYNCED, total: SYNCED });
    expect(adminEvents.filter((progress) => progress.phase === 'writing').at(-1)).toMatchObject({
      processed: SYNCED,
      total: SYNCED,
    });

    // The regular user's socket heard nothing (its events would have been sent with the admin's).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(userEvents).toEqual([]);

    const { rows } = await pool.query(`SELECT status, total FROM player_sync_runs WHERE job_id = $1`, [
      jobId,
    ]);
    expect(rows).toEqual([{ status: 'completed', total: SYNCED }]);
    // Finished: a new sync may start.
    sleeper.behaviour = { kind: 'json', body: SLEEPER_ANSWER };
    expect((await syncPlayers(app, admin.token)).status).toBe(200);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
