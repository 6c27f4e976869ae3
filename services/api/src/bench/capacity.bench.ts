/**
 * `npm run bench:capacity` (repository root): how many drafts one server holds on draft night (issue 10). It starts
 * the app as `npm start` does (bench-app.ts, a port and database of its own, removed afterwards) and drives it from
 * `--workers` load-generator processes (capacity-load.ts, default 2), so the clients never share the app's event
 * loop. In steps, D drafts × 12 socket clients, each draft one bid every 500 ms by the owner after the current leader,
 * for `--seconds` (default 20) per step; D starts at `--start-drafts` (50) and doubles until the bid → all-12-clients
 * p99 exceeds 100 ms, any error happens, or D would pass `--max-drafts` (no limit by default). Each step keeps the
 * previous step's drafts and connects only the new ones. Per step it prints the time the new clients took to connect
 * and the presence messages they caused, p50/p95/p99 latency, errors and the CPU share (of one core) of the API
 * process, of the database's PostgreSQL backends and of the load generators, read from /proc/<pid>/stat; then the
 * largest D that held and, with the app stopped, the single-row INSERT rate of the same PostgreSQL (1 and 12 clients).
 *
 * `--bids-over=rest` sends each bid as the browser does, `POST /api/auctions/{id}/bid` (a token check per request, on a
 * kept-alive connection), instead of the `bidOnPlayer` socket event; the fan-out is measured on the sockets either way.
 * `--keys` gives each bid a fresh idempotency key (`commandId`, or the `Idempotency-Key` header), as the web client
 * does for every bid (ADR 0020); without it bids carry none, as the benchmark defines them.
 *
 * `--profile=DIR` runs the API with `--cpu-prof` (API_NODE_ARGS, read by infra/scripts/start.mjs), the profile written
 * into DIR when the app stops, and prints its top functions and packages (cpu-profile-summary.ts).
 *
 * Owners are created straight in the database with tokens signed by the JWT secret the bench gives the app:
 * registering thousands through the API would measure argon2, not the live path.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { formatGcPauses, gcBetween, meanBetween, scrapeApi } from './api-scrape.js';
import { ApiClient, runWithConcurrency, waitForHealth } from './bench-http.js';
import {
  BENCH_ADMIN,
  appDatabaseTransport,
  benchArgs,
  benchDatabase,
  cleanUp,
  formatTransport,
  rawInsertRate,
  startApp,
  stopApp,
} from './bench-app.js';
import { TEAMS, setUpDraft, type BenchDraft, type BenchOwner } from './bench-league.js';
import {
  SLOW_BID_MS,
  type BidsOver,
  type ConnectReport,
  type FromLoad,
  type MeasureReport,
  type PresenceCounts,
  type ToLoad,
} from './capacity-protocol.js';
import { formatSummary, mainThreadProfile, readProfile, summariseProfile } from './cpu-profile-summary.js';
import { describeMachine, formatMachine } from './machine.js';
import {
  coreShare,
  descendantsMatching,
  machineBusySeconds,
  processesNamed,
  totalCpuSeconds,
} from './proc-cpu.js';
import { summarise } from './search-workload.js';

const args = benchArgs();
const START_DRAFTS = Number(args.get('start-drafts') ?? 50);
const MAX_DRAFTS = Number(args.get('max-drafts') ?? Number.POSITIVE_INFINITY);
const SECONDS = Number(args.get('seconds') ?? 20);
const WORKERS = Number(args.get('workers') ?? 2);
const PORT = Number(args.get('port') ?? process.env['BENCH_PORT'] ?? 3491);
const BIDS_OVER = (args.get('bids-over') ?? 'socket') as BidsOver;
const WITH_KEYS = args.has('keys');
const PROFILE_DIR = args.has('profile') ? path.resolve(args.get('profile')!) : null;
const P99_LIMIT_MS = 100;
const STARTED_AT = Date.now();
const JWT_SECRET = randomBytes(24).toString('hex');
const LOAD_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'capacity-load.js');
/**
 * One load process stands in for 2,400 browsers, each of which would have a heap of its own. With V8's default
 * 16 MB young generation it collected every ~250 ms and ran a full collection every 1–2 s (pauses and incremental
 * steps of up to 20 ms) while bidding at D = 400, inside the latency it measures; 64 MB took the full collections
 * out of the step (docs/benchmarks.md, ninth round). The app is started as `npm start` starts it, untouched.
 */
const LOAD_NODE_ARGS = ['--max-semi-space-size=64'];

type Step = {
  drafts: number;
  connect: {
    seconds: number;
    clients: number;
    failures: number;
    presence: PresenceCounts;
    firstFailure: string | null;
  };
  latency: { p50: number; p95: number; p99: number; count: number };
  slowBySecond: string;
  bidsSent: number;
  ticksBehind: number;
  /** After the set-up's nominations were answered, how long until every client had its auction open (ms). */
  auctionsOpenWaitMs: number;
  /** Log events the asynchronous projections had yet to apply as the window began, and as it ended. */
  projectionsBehind: { start: number; end: number };
  errors: number;
  firstError: string | null;
  /** Shares of one core; `machine` is every core's busy time (so up to the core count). */
  cpu: { api: number; postgres: number; load: number; redis: number; machine: number };
  /** Event-loop delay (ms) while bidding: the API's (prom-client's monitor, via /metrics) and the worst load process's. */
  loopDelay: { api: { p99: number; max: number }; load: { p99: number; max: number } };
  /** The API's GC pauses during the step, per kind. */
  apiGc: string;
  /** The load processes' own GC pauses during the step, per kind, summed over them. */
  loadGc: string;
  /** SQL statements the API sent during the step (every source: bids, sweeps, projections), per bid sent. */
  statementsPerBid: number;
  /**
   * Means inside the API (from its /metrics): an accepted bid from the command bus to published (its wait for a pool
   * connection and its append included) and a draft append alone. Set against the latency the clients see, they
   * tell whether a slow step's time went inside the command path or around it (socket reads, fan-out, the clients).
   */
  apiMeans: { acceptedBid: string; append: string };
  held: boolean;
};

type Worker = { child: ChildProcess; next<T extends FromLoad>(type: T['type']): Promise<T> };

async function main(): Promise<void> {
  for (const [name, value] of [
    ['--start-drafts', START_DRAFTS],
    ['--workers', WORKERS],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  }
  if (!(SECONDS > 0)) throw new Error('--seconds must be > 0');
  if (BIDS_OVER !== 'socket' && BIDS_OVER !== 'rest') throw new Error('--bids-over must be socket or rest');
  const { database, url } = benchDatabase('capacity');
  console.log(
    `bench:capacity — from ${START_DRAFTS} drafts × ${TEAMS} clients, doubling up to ${MAX_DRAFTS}; ${SECONDS} s ` +
      `per step, ${WORKERS} load processes, bids over ${BIDS_OVER === 'rest' ? 'REST' : 'the socket'}` +
      `${WITH_KEYS ? ' with an idempotency key each' : ''}, ` +
      `database ${database}`,
  );
  console.log(formatMachine(describeMachine()));
  if (PROFILE_DIR === path.resolve('true')) throw new Error('--profile needs a directory: --profile=DIR');
  const profileEnv: Record<string, string> = PROFILE_DIR
    ? { API_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` }
    : {};
  const app = startApp(PORT, url, { JWT_SECRET, ...profileEnv });
  const workers: Worker[] = [];
  const steps: Step[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    try {
      const base = `http://127.0.0.1:${PORT}`;
      await waitForHealth(base, app.exited);
      const apiPid = descendantsMatching(app.pid!, 'services/api/dist/main.js')[0];
      if (!apiPid) throw new Error('could not find the API process under npm start');
      const api = new ApiClient(base);
      const admin = await api.login(BENCH_ADMIN.email, BENCH_ADMIN.password);
      await api.post('/players/sync', admin, {});
      for (let w = 0; w < WORKERS; w++) workers.push(await startWorker());

      const drafts: BenchDraft[] = [];
      for (let target = START_DRAFTS; target <= MAX_DRAFTS; target *= 2) {
        const step = await runStep(api, admin, base, pool, database, workers, drafts, target, apiPid);
        steps.push(step);
        printStep(step);
        if (!step.held) break;
      }
    } finally {
      for (const worker of workers) worker.child.send({ type: 'close' } satisfies ToLoad);
      await pool.end();
      await stopApp(app);
    }
    if (PROFILE_DIR) printProfile(PROFILE_DIR);
    const transport = await appDatabaseTransport(url);
    console.log(formatTransport(transport));
    const raw1 = await rawInsertRate(transport.url, 1, 3);
    const raw12 = await rawInsertRate(transport.url, 12, 3);
    const held = steps.filter((step) => step.held).at(-1);
    console.log('');
    console.log(`largest D that held (p99 ≤ ${P99_LIMIT_MS} ms, no errors): ${held ? held.drafts : 'none'}`);
    console.log(`raw INSERTs/s, 1 client:   ${raw1.toFixed(0)}`);
    console.log(`raw INSERTs/s, 12 clients: ${raw12.toFixed(0)}`);
  } finally {
    await cleanUp(database);
  }
}

async function runStep(
  api: ApiClient,
  admin: string,
  base: string,
  pool: pg.Pool,
  database: string,
  workers: Worker[],
  drafts: BenchDraft[],
  target: number,
  apiPid: number,
): Promise<Step> {
  const setupStarted = performance.now();
  const players = await poolPlayerIds(api, admin, target);
  const fresh = await runWithConcurrency(4, target - drafts.length, (i) =>
    setUpDraft(api, admin, drafts.length + i, players[(drafts.length + i) % players.length]!, (username) =>
      seedOwner(pool, username),
    ),
  );
  console.log(`\nD=${target}: set up ${fresh.length} more drafts in ${secondsSince(setupStarted)} s`);

  // Round-robin over the load processes; each connects its share at once.
  const shares = workers.map((_, w) => fresh.filter((_, i) => i % workers.length === w));
  const connected = await Promise.all(
    workers.map((worker, w) => {
      worker.child.send({
        type: 'connect',
        base,
        drafts: shares[w]!,
        bidsOver: BIDS_OVER,
        withKeys: WITH_KEYS,
      } satisfies ToLoad);
      return worker.next<ConnectReport>('connected');
    }),
  );
  drafts.push(...fresh);
  await runWithConcurrency(8, fresh.length, (i) =>
    api.post('/auctions/nominate', fresh[i]!.teams[0]!.token, {
      draftId: fresh[i]!.draftId,
      playerId: fresh[i]!.playerId,
    }),
  );

  const pids = async () => [apiPid, ...(await backendPids(pool, database))];
  const cpuBefore = totalCpuSeconds(await pids());
  const loadBefore = totalCpuSeconds(workers.map((worker) => worker.child.pid!));
  const redisBefore = totalCpuSeconds(processesNamed('redis-server'));
  const machineBefore = machineBusySeconds();
  const projectionsBehind = await asyncProjectionBacklog(pool);
  const apiBefore = await scrapeApi(base); // also starts prom-client's event-loop histogram afresh
  const from = performance.now();
  const measured = await Promise.all(
    workers.map((worker) => {
      worker.child.send({ type: 'measure', seconds: SECONDS } satisfies ToLoad);
      return worker.next<MeasureReport>('measured');
    }),
  );
  const wall = (performance.now() - from) / 1000;
  const cpuAfter = totalCpuSeconds(await pids());
  const loadAfter = totalCpuSeconds(workers.map((worker) => worker.child.pid!));
  const redisAfter = totalCpuSeconds(processesNamed('redis-server'));
  const machineAfter = machineBusySeconds();
  const apiAfter = await scrapeApi(base);
  const projectionsBehindAfter = await asyncProjectionBacklog(pool);

  const latencies = measured.flatMap((report) => report.latenciesMs);
  const { p50, p95, p99 } = summarise(latencies);
  const errors =
    measured.reduce((sum, r) => sum + Object.values(r.errors).reduce((a, b) => a + b, 0), 0) +
    connected.reduce((sum, r) => sum + r.failures, 0);
  const apiShare = coreShare(
    new Map([[apiPid, cpuBefore.get(apiPid) ?? 0]]),
    new Map([[apiPid, cpuAfter.get(apiPid) ?? 0]]),
    wall,
  );
  cpuBefore.delete(apiPid);
  cpuAfter.delete(apiPid);
  return {
    drafts: target,
    connect: {
      seconds: Math.max(...connected.map((r) => r.seconds)),
      clients: connected.reduce((sum, r) => sum + r.clients, 0),
      failures: connected.reduce((sum, r) => sum + r.failures, 0),
      presence: {
        activeUsersUpdate: connected.reduce((sum, r) => sum + r.presence.activeUsersUpdate, 0),
        userJoined: connected.reduce((sum, r) => sum + r.presence.userJoined, 0),
        userLeft: connected.reduce((sum, r) => sum + r.presence.userLeft, 0),
      },
      firstFailure: connected.find((r) => r.firstFailure)?.firstFailure ?? null,
    },
    latency: { p50, p95, p99, count: latencies.length },
    slowBySecond: countBySecond(measured.flatMap((report) => report.slowBidSeconds)),
    bidsSent: measured.reduce((sum, r) => sum + r.bidsSent, 0),
    ticksBehind: measured.reduce((sum, r) => sum + r.ticksBehind, 0),
    auctionsOpenWaitMs: Math.max(...measured.map((r) => r.auctionsOpenWaitMs)),
    projectionsBehind: { start: projectionsBehind, end: projectionsBehindAfter },
    errors,
    firstError: measured.find((r) => r.firstError)?.firstError ?? null,
    cpu: {
      api: apiShare,
      postgres: coreShare(cpuBefore, cpuAfter, wall),
      load: coreShare(loadBefore, loadAfter, wall),
      redis: coreShare(redisBefore, redisAfter, wall),
      machine: (machineAfter - machineBefore) / wall,
    },
    loopDelay: {
      api: apiAfter.loopDelay,
      load: {
        p99: Math.max(...measured.map((r) => r.loopDelayMs.p99)),
        max: Math.max(...measured.map((r) => r.loopDelayMs.max)),
      },
    },
    apiGc: gcBetween(apiBefore, apiAfter),
    loadGc: formatGcPauses(sumGcPauses(measured.map((report) => report.gcPauses))),
    statementsPerBid:
      (apiAfter.statements - apiBefore.statements) /
      Math.max(
        1,
        measured.reduce((sum, r) => sum + r.bidsSent, 0),
      ),
    apiMeans: {
      acceptedBid: meanBetween(apiBefore.bids.accepted, apiAfter.bids.accepted),
      append: meanBetween(
        { count: apiBefore.appends, seconds: apiBefore.appendSeconds },
        { count: apiAfter.appends, seconds: apiAfter.appendSeconds },
      ),
    },
    held: errors === 0 && latencies.length > 0 && p99 <= P99_LIMIT_MS,
  };
}

/** "41520 (userJoined 26400, userLeft 0, activeUsersUpdate 15120)": the total, then by event. */
function formatPresence(presence: PresenceCounts): string {
  const total = presence.userJoined + presence.userLeft + presence.activeUsersUpdate;
  return (
    `${total} (userJoined ${presence.userJoined}, userLeft ${presence.userLeft}, ` +
    `activeUsersUpdate ${presence.activeUsersUpdate})`
  );
}

/** "3s:12 4s:40": how many slow bids were sent in each second that had any. */
function countBySecond(seconds: number[]): string {
  const counts = new Map<number, number>();
  for (const second of seconds) counts.set(second, (counts.get(second) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([second, count]) => `${second}s:${count}`)
    .join(' ');
}

function printStep(step: Step): void {
  const pct = (share: number) => `${(share * 100).toFixed(0)} %`;
  const rows: Array<[string, string]> = [
    ['drafts × clients', `${step.drafts} × ${TEAMS}`],
    [
      'new clients connected',
      `${step.connect.clients} in ${step.connect.seconds.toFixed(1)} s (${step.connect.failures} failed)`,
    ],
    ['presence messages while they connected', formatPresence(step.connect.presence)],
    ['auctions open at every client, after', ms(step.auctionsOpenWaitMs)],
    [
      'async projections behind, start · end',
      `${step.projectionsBehind.start} · ${step.projectionsBehind.end} events`,
    ],
    [
      'bids sent',
      `${step.bidsSent} (${(step.bidsSent / SECONDS).toFixed(0)}/s), ${step.ticksBehind} ticks behind`,
    ],
    [
      'bid → all 12 clients p50/p95/p99',
      `${ms(step.latency.p50)} / ${ms(step.latency.p95)} / ${ms(step.latency.p99)}`,
    ],
    ['fan-outs measured', String(step.latency.count)],
    [`bids over ${SLOW_BID_MS} ms, by second of the step`, step.slowBySecond || 'none'],
    [
      'errors',
      step.errors === 0 ? '0' : `${step.errors} (first: ${step.firstError ?? step.connect.firstFailure})`,
    ],
    [
      'CPU (share of one core) API / PostgreSQL / load',
      `${pct(step.cpu.api)} / ${pct(step.cpu.postgres)} / ${pct(step.cpu.load)}`,
    ],
    [
      'CPU Redis · whole machine (of all cores)',
      `${pct(step.cpu.redis)} · ${pct(step.cpu.machine)} of ${availableParallelism()} cores`,
    ],
    [
      'event-loop delay p99 / max, API · load',
      `${ms(step.loopDelay.api.p99)} / ${ms(step.loopDelay.api.max)} · ` +
        `${ms(step.loopDelay.load.p99)} / ${ms(step.loopDelay.load.max)}`,
    ],
    ['API GC pauses (count × mean)', step.apiGc],
    ['load GC pauses (count × mean, all processes)', step.loadGc],
    ['API SQL statements per bid (all sources)', step.statementsPerBid.toFixed(2)],
    [
      'in the API, means: accepted bid (bus → published) · append',
      `${step.apiMeans.acceptedBid} · ${step.apiMeans.append}`,
    ],
    ['held', step.held ? 'yes' : 'no'],
  ];
  for (const [label, value] of rows) console.log(`  ${label.padEnd(48)} ${value}`);
}

function printProfile(dir: string): void {
  const file = mainThreadProfile(dir, STARTED_AT);
  if (!file) {
    console.log(`\nno .cpuprofile in ${dir} (did the API exit cleanly?)`);
    return;
  }
  console.log(`\nAPI CPU profile ${file}`);
  console.log(formatSummary(summariseProfile(readProfile(file))));
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function sumGcPauses(reports: MeasureReport['gcPauses'][]): Map<string, { count: number; ms: number }> {
  const sum = new Map<string, { count: number; ms: number }>();
  for (const [kind, { count, ms }] of reports.flat()) {
    const total = sum.get(kind) ?? { count: 0, ms: 0 };
    sum.set(kind, { count: total.count + count, ms: total.ms + ms });
  }
  return sum;
}

function startWorker(): Promise<Worker> {
  const child = fork(LOAD_SCRIPT, [], {
    execArgv: LOAD_NODE_ARGS,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (message: FromLoad) => void>();
  child.on('message', (message: FromLoad) => {
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`a load process exited (${code})`))),
  );
  exited.catch(() => undefined);
  const worker: Worker = {
    child,
    next: <T extends FromLoad>(type: T['type']) =>
      Promise.race([
        new Promise<T>((resolve) => waiting.set(type, resolve as (m: FromLoad) => void)),
        exited,
      ]),
  };
  return worker.next('ready').then(() => worker);
}

/** Every player of the pool that is still available, best ADP first (drafts reuse them if there are fewer). */
async function poolPlayerIds(api: ApiClient, token: string, wanted: number): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ids.length < wanted; offset += 100) {
    const { players } = await api.get<{ players: { providerId: string }[] }>(
      `/players?limit=100&offset=${offset}&available=true`,
      token,
    );
    ids.push(...players.map((player) => player.providerId));
    if (players.length < 100) break;
  }
  if (ids.length === 0) throw new Error('the player pool is empty');
  return ids;
}

/** A user row and a token the app accepts (signed with its JWT secret): no argon2 on either side. */
async function seedOwner(pool: pg.Pool, username: string): Promise<BenchOwner> {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO users (username, email, password_hash) VALUES ($1, $2, 'bench-no-login') RETURNING id`,
    [username, `${username}@example.com`],
  );
  const userId = rows[0]!.id;
  return { userId, username, token: signToken(userId, username) };
}

function signToken(userId: string, username: string): string {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    sub: userId,
    role: 'user',
    username,
    jti: randomUUID(),
    iat: now,
    exp: now + 24 * 3600,
  })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

/** Log events the asynchronous projections have yet to apply, summed over them (ADR 0022). */
async function asyncProjectionBacklog(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ behind: number }>(
    `SELECT coalesce(sum((SELECT count(*) FROM es_events e
                          WHERE (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position))), 0)::int
              AS behind
     FROM projection_checkpoints c`,
  );
  return rows[0]?.behind ?? 0;
}

/** The PostgreSQL backends serving the bench's database right now (the app's pool; ours sit idle meanwhile). */
async function backendPids(pool: pg.Pool, database: string): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows.map((row) => row.pid);
}

function secondsSince(start: number): string {
  return ((performance.now() - start) / 1000).toFixed(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
