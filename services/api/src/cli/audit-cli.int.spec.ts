import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditEventsData } from '@auction/contracts';
import { buildApi } from '../test-support/api-process.js';
import { startTestApp, type TestApp } from '../test-support/app-harness.js';
import { createLeague, type League } from '../modules/auctions/__tests__/auction-test-kit.js';
import { UNKNOWN_ID, poolOf } from '../modules/teams/__tests__/league-test-kit.js';
import { playFullDraft, snapshotReadModels } from '../modules/audit/__tests__/full-draft.js';

// services/api/src/cli → services/api
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

let t: TestApp;
let league: League;
let eventCount: number;

/** Runs a built CLI (services/api/dist/cli/<name>.js) on the test database, as `npm run ...` would. */
async function runCli(name: string, args: string[]): Promise<CliRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [`dist/cli/${name}.js`, ...args], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: t.databaseUrl },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

const replay = (...args: string[]) => runCli('replay', args);

beforeAll(async () => {
  await buildApi();
  t = await startTestApp();
  league = await playFullDraft(t, 'cli');
  const page = await t.request<AuditEventsData>('GET', `/api/drafts/${league.draftId}/events?limit=1`, {
    token: league.admin.token,
  });
  eventCount = page.body.data.total;
});

afterAll(async () => {
  await t?.close();
});

describe('npm run replay', () => {
  it('prints the timeline (time, actor, event, amounts) and the standings', async () => {
    const run = await replay(league.draftId);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`Timeline of "cli draft" (${eventCount} events, times UTC)`);
    const bob = league.users[1]!.user.username;
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} +\\d+  ${bob} +BidPlaced +cli Team 2 \\$3$`),
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/system +AuctionCompleted +cli Team 1 wins at \$4$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/PickUndone +#2 Bijan Robinson cli Team 2 \$2 taken back$/),
    );
    const standings = lines.slice(lines.indexOf('Standings (completed)') + 1).filter(Boolean);
    expect(standings).toHaveLength(3);
    expect(standings[0]).toMatch(/^Team +Spent +Left +Players$/);
    expect(standings[1]).toMatch(/^cli Team 1 +\$11 +\$9 +3\/3$/);
    expect(standings[2]).toMatch(/^cli Team 2 +\$3 +\$17 +3\/3$/);
  });

  it('prints the state after event N with --at', async () => {
    const run = await replay(league.draftId, '--at', '5');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^"cli draft" after event 5 of ${eventCount} \\(`));
    expect(run.stdout).toContain('status active, round 1');
  });

  it('prints machine-readable JSON with --json, the same replay as the API', async () => {
    const run = await replay(league.draftId, '--json', '--at=6');
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.stdout) as { replay: unknown; events: unknown[]; results: unknown[] };
    const api = await t.request('GET', `/api/drafts/${league.draftId}/replay?at=6`, {
      token: league.admin.token,
    });
    expect(parsed.replay).toEqual(api.body.data);
    expect(parsed.events).toHaveLength(6);
  });

  it('exports the same CSV as GET results.csv with --csv', async () => {
    const run = await replay(league.draftId, '--csv');
    const http = await fetch(`${t.baseUrl}/api/drafts/${league.draftId}/results.csv`, {
      headers: { Authorization: `Bearer ${league.admin.token}` },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(await http.text());
    expect(run.stdout.split('\r\n')).toHaveLength(1 + 6 + 1);
    // An id in capitals names the same draft, as it does over HTTP.
    expect((await replay(league.draftId.toUpperCase(), '--csv')).stdout).toBe(run.stdout);
  });

  it('refuses --csv of a deleted draft as the download does, and still replays its log', async () => {
    const gone = await createLeague(t, { prefix: 'cligone', teams: 2 });
    const deleted = await t.request('DELETE', `/api/drafts/${gone.draftId}`, { token: gone.admin.token });
    expect(deleted.status).toBe(200);
    const http = await fetch(`${t.baseUrl}/api/drafts/${gone.draftId}/results.csv`, {
      headers: { Authorization: `Bearer ${gone.admin.token}` },
    });
    expect(http.status).toBe(404);
    const csv = await replay(gone.draftId, '--csv');
    expect([csv.code, csv.stdout, csv.stderr.split('\n')[0]]).toEqual([2, '', 'replay: Draft not found']);
    expect((await replay(gone.draftId)).code).toBe(0);
  });

  it.each([
    [[UNKNOWN_ID], 'replay: Draft not found'],
    [['not-a-uuid'], 'replay: invalid draft id not-a-uuid: expected a UUID'],
    [[], 'replay: missing <draftId>'],
    [['--at', '0'], 'replay: --at 0: expected a whole number of events (a stream version, 1 or more)'],
    [['--at', '-3'], 'replay: --at -3: expected a whole number of events (a stream version, 1 or more)'],
    [['--at', 'x'], 'replay: --at x: expected a whole number of events (a stream version, 1 or more)'],
    [['--at'], 'replay: --at needs a number of events (1 or more)'],
    [['--at', '100000'], 'replay: at 100000 is beyond the log'],
    // Past a power of ten, as the HTTP route reads it: 10 digits, and more digits than any log can hold.
    [['--at', '1000000000'], 'replay: at 1000000000 is beyond the log'],
    [['--at', '9'.repeat(40)], `replay: at ${'9'.repeat(40)} is beyond the log`],
    [['--at', '1e3'], 'replay: --at 1e3: expected a whole number of events (a stream version, 1 or more)'],
    [['--json', '--csv'], 'replay: choose one of --json and --csv'],
    [['--yaml'], 'replay: unknown option --yaml'],
  ])('refuses %j with exit code 2 and a message on stderr', async (args, message) => {
    const withDraft =
      args[0] === UNKNOWN_ID || args[0] === 'not-a-uuid' || args.length === 0
        ? args
        : [league.draftId, ...args];
    const run = await replay(...withDraft);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toContain(message);
  });
});

describe('npm run projections:rebuild', () => {
  it('rebuilds every read-model row the draft projections write, equal to the live ones', async () => {
    const live = await snapshotReadModels(t);
    // Damage the read models so the comparison cannot pass without a real rebuild.
    await poolOf(t).query('UPDATE teams SET budget_spent = 999, player_count = 0');
    await poolOf(t).query('DELETE FROM picks WHERE pick_number = 1');
    expect(await snapshotReadModels(t)).not.toEqual(live);

    const run = await runCli('rebuild-projections', []);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Rebuilt the read models \([a-z_, ]+\): \d+ events replayed in \d+\.\d\d s \([\d,]+ events\/s\), \d+ caught up, swapped in \d+ ms\n$/,
    );
    expect(await snapshotReadModels(t)).toEqual(live);
  });
});
