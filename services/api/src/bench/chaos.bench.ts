/**
 * `npm run chaos` (repository root): crash figures for the draft timers and the write path.
 *
 * Runs the built API (`services/api/dist/main.js`) as a child process on a database of its own (removed
 * afterwards), sets up two live drafts (`--teams=4` teams each, short clocks) and lets one bidding client per team
 * bid over REST until its random price cap. Then:
 *  1. `--kills=20` times `kill -9` of the API, in turn: at a random moment; 150–180 ms after an auction's (or a
 *     nomination clock's) deadline, i.e. while the timer's job runs; 0–4 ms after a bid was sent, i.e. while its
 *     request is read, decided or committed (its client sends it again with the same key); each time it is
 *     started again at once;
 *  2. a separate Redis-data-loss run (`--loss-runs=3` times): mid-auction, with the bidders paused, every Redis key
 *     of the API's namespace is deleted (what a Redis restart without persistence does) while the API runs.
 * It prints: acknowledged bids, acknowledged bids missing from the log, commands and facts found twice in the log,
 * the worst timer lateness (deadline → the sale or auto-nomination event; also counted from the restart when the
 * API was down at the deadline), how many timers the PostgreSQL sweep fired, and for each Redis-loss run the time
 * from the deadline to the sale.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minimumNextBid } from '@auction/domain';
import pg from 'pg';
import {
  BENCH_REGISTER_RATE_LIMIT,
  REDIS_URL,
  benchDatabase,
  cleanUp,
  deleteRedisKeys,
} from './bench-app.js';
import { ApiClient, waitForHealth } from './bench-http.js';
import {
  auditChaos,
  auditResends,
  type AckedBid,
  type ResentBid,
  type LoggedEvent,
  type Outage,
  type TimerFire,
} from './chaos-audit.js';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const KILLS = Number(args.get('kills') ?? 20);
const TEAMS = Number(args.get('teams') ?? 4);
const LOSS_RUNS = Number(args.get('loss-runs') ?? 3);
const PORT = Number(args.get('port') ?? process.env['CHAOS_PORT'] ?? 3491);
const ADMIN = { email: 'chaos-admin@example.com', password: 'chaos-admin-123', username: 'chaos_admin' };
const CLOCKS = { auctionTimeLimit: 3, bidTimeReset: 2, nominationTimeLimit: 2 };
const BASE = `http://127.0.0.1:${PORT}`;
/** A Redis-loss run gives up on an auction this long after its deadline (the original code never fired it). */
const LOSS_GIVE_UP_MS = 30_000;

/** When a kill lands, in turn. */
const KILL_MOMENTS = ['at random', 'at a deadline', 'mid-bid'] as const;
type KillMoment = (typeof KILL_MOMENTS)[number];

type Draft = { draftId: string; teams: { teamId: string; token: string }[] };
type AuctionView = {
  auction: { _id: string; currentBid: number; currentBidder: { _id: string }; deadline: string } | null;
  lastCompletedAuction: { _id: string; completedAt: string | null } | null;
  nominationDeadline: string | null;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const fail = (message: string): never => {
  throw new Error(message);
};

/** The API child process; `fromSweep` counts the timers its PostgreSQL sweep had to fire. */
class ApiUnderTest {
  child: ChildProcess | undefined;
  fromSweep = 0;
  constructor(private readonly databaseUrl: string) {}

  async start(): Promise<number> {
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: this.databaseUrl,
        REDIS_URL,
        SEED_DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_USERNAME: ADMIN.username,
        LOG_LEVEL: 'warn',
        REGISTER_RATE_LIMIT: BENCH_REGISTER_RATE_LIMIT,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const count = (chunk: Buffer) => {
      this.fromSweep += chunk.toString().split('fired from PostgreSQL').length - 1;
    };
    child.stdout?.on('data', count);
    child.stderr?.on('data', count);
    this.child = child;
    await waitForHealth(BASE, new Promise((resolve) => child.once('exit', resolve)));
    return Date.now();
  }

  async kill(signal: NodeJS.Signals): Promise<number> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Date.now();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const killedAt = Date.now();
    await exited;
    return killedAt;
  }
}

/** One client per team: bids current + 1 while under its price cap for the auction, over REST. */
class Bidders {
  running = true;
  /** Drafts whose clients hold back (a kill aimed at a deadline, the Redis-loss run). */
  readonly frozen = new Set<string>();
  readonly acked: AckedBid[] = [];
  refused = 0;
  failed = 0;
  /** Bids sent again with their key after an answer was cut off, with the re-send's answer. */
  readonly resent: ResentBid[] = [];
  private loops: Promise<void>[] = [];
  private sendWaiters: (() => void)[] = [];

  constructor(private readonly api: ApiClient) {}

  start(drafts: Draft[]): void {
    this.loops = drafts.flatMap((draft) => draft.teams.map((team) => this.loop(draft, team)));
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  /** Resolves when the next bid's request is sent (first attempts only). */
  nextBidSent(): Promise<void> {
    return new Promise((resolve) => this.sendWaiters.push(resolve));
  }

  /**
   * One bid as the web client places it (ADR 0020, 0035): a fresh idempotency key, and when the answer is cut off
   * (the API killed mid-request, perhaps mid-commit) the same bid again with the same key once the API answers, so a
   * bid that was committed is answered, not appended twice (the audit counts commands found twice). Null when the
   * API never answered before the run ended.
   */
  private async bid(
    auctionId: string,
    team: Draft['teams'][number],
    amount: number,
  ): Promise<{ response: Response; cutOffAt: number | null; key: string } | null> {
    const key = randomUUID();
    let cutOffAt: number | null = null;
    for (let attempt = 0; this.running || attempt === 0; attempt += 1) {
      if (attempt === 0) for (const resolve of this.sendWaiters.splice(0)) resolve();
      try {
        const response = await fetch(`${BASE}/api/auctions/${auctionId}/bid`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${team.token}`,
            'idempotency-key': key,
          },
          body: JSON.stringify({ bidAmount: amount, teamId: team.teamId }),
          signal: AbortSignal.timeout(10_000),
        });
        return { response, cutOffAt, key };
      } catch {
        cutOffAt ??= Date.now();
        this.failed += 1;
        await sleep(300);
      }
    }
    return null;
  }

  private async loop(draft: Draft, team: Draft['teams'][number]): Promise<void> {
    const caps = new Map<string, number>();
    while (this.running) {
      await sleep(randomInt(150, 500));
      if (this.frozen.has(draft.draftId)) continue;
      try {
        const { auction } = await this.api.get<AuctionView>(`/auctions/draft/${draft.draftId}`, team.token);
        if (!auction || auction.currentBidder._id === team.teamId) continue;
        if (!caps.has(auction._id)) caps.set(auction._id, randomInt(2, 25));
        const amount = minimumNextBid(auction.currentBid);
        if (amount > caps.get(auction._id)! || this.frozen.has(draft.draftId)) continue;
        const answer = await this.bid(auction._id, team, amount);
        if (!answer) continue;
        const { response, cutOffAt, key } = answer;
        if (response.status === 200) this.acked.push({ auctionId: auction._id, teamId: team.teamId, amount });
        if (cutOffAt !== null) {
          const message = response.status === 200 ? undefined : await response.text().catch(() => '');
          this.resent.push({ key, cutOffAt, status: response.status, message: message?.slice(0, 200) });
        } else if (response.status < 500) this.refused += 1;
        else this.failed += 1;
        await response.body?.cancel();
      } catch {
        this.failed += 1; // the API is down (killed): not acknowledged
      }
    }
  }
}

async function main(): Promise<void> {
  if (!Number.isInteger(KILLS) || KILLS < 0) fail('--kills must be a whole number ≥ 0');
  if (!Number.isInteger(TEAMS) || TEAMS < 2 || TEAMS > 12) fail('--teams must be 2..12');
  const { database, url } = benchDatabase('chaos');
  console.log(
    `chaos — 2 drafts × ${TEAMS} bidders, ${KILLS} kill -9s, ${LOSS_RUNS} Redis-loss runs, ${database}`,
  );
  const app = new ApiUnderTest(url);
  const api = new ApiClient(BASE);
  const outages: Outage[] = [];
  const losses: { lateMs: number | null; sweepFired: number }[] = [];
  const kinds = new Map<KillMoment, number>();
  let chaosEndedAt = 0;
  try {
    await app.start();
    const admin = await api.login(ADMIN.email, ADMIN.password);
    await api.post('/players/sync', admin, {});
    const drafts = [await setUpDraft(api, admin, 1), await setUpDraft(api, admin, 2)];
    const bidders = new Bidders(api);
    bidders.start(drafts);

    for (let kill = 1; kill <= KILLS; kill += 1) {
      await sleep(randomInt(1500, 4000));
      const moment = KILL_MOMENTS[(kill - 1) % KILL_MOMENTS.length]!;
      const draft = drafts[kill % drafts.length]!;
      let deadline: number | null = null;
      if (moment === 'at a deadline') {
        bidders.frozen.add(draft.draftId);
        deadline = await nextDeadline(api, draft);
        await sleep(Math.max(0, deadline + randomInt(150, 181) - Date.now()));
      } else if (moment === 'mid-bid') {
        await bidders.nextBidSent();
        await sleep(randomInt(0, 5));
      }
      const killedAt = await app.kill('SIGKILL');
      const healthyAt = await app.start();
      bidders.frozen.delete(draft.draftId);
      outages.push({ killedAt, healthyAt });
      kinds.set(moment, (kinds.get(moment) ?? 0) + 1);
      const when = deadline === null ? moment : `${killedAt - deadline} ms after a deadline`;
      console.log(
        `kill ${String(kill).padStart(2)}: ${when.padEnd(28)} healthy again in ${healthyAt - killedAt} ms`,
      );
    }
    chaosEndedAt = Date.now();
    // Let the last deadlines fire before the log is read.
    await sleep(4000);

    for (let run = 1; run <= LOSS_RUNS; run += 1) {
      const draft = drafts[run % drafts.length]!;
      bidders.frozen.add(draft.draftId);
      const { auctionId, deadline } = await openAuction(api, draft);
      await sleep(Math.max(0, deadline - 1000 - Date.now()));
      const sweptBefore = app.fromSweep;
      await deleteRedisKeys(`auction:${database}:`);
      const completedAt = await completionOf(api, draft, auctionId, deadline + LOSS_GIVE_UP_MS);
      const lateMs = completedAt === null ? null : completedAt - deadline;
      losses.push({ lateMs, sweepFired: app.fromSweep - sweptBefore });
      console.log(
        `Redis data loss ${run}: deadline → sale ${lateMs === null ? 'never (gave up)' : `${lateMs} ms`}`,
      );
      if (completedAt === null) break; // the draft hangs: further runs would measure nothing new
      bidders.frozen.delete(draft.draftId);
    }
    await bidders.stop();
    await app.kill('SIGTERM');

    const events = await readLog(url);
    const audit = auditChaos(events, bidders.acked, outages);
    const chaosTimers = audit.timers.filter((timer) => timer.firedAt <= chaosEndedAt + 4000);
    report(events, audit, chaosTimers, bidders, app.fromSweep, outages, kinds, losses);
  } finally {
    await app.kill('SIGKILL');
    await cleanUp(database);
  }
}

async function setUpDraft(api: ApiClient, admin: string, d: number): Promise<Draft> {
  const tag = `${d}_${randomBytes(2).toString('hex')}`;
  const { draft } = await api.post<{ draft: { _id: string } }>('/drafts', admin, {
    name: `Chaos draft ${tag}`,
    settings: { teamsCount: TEAMS, playersPerTeam: 20, budgetPerTeam: 1000, draftType: 'auction', ...CLOCKS },
  });
  const teams: Draft['teams'] = [];
  for (let number = 1; number <= TEAMS; number++) {
    const username = `chaos_${tag}_${number}`;
    const { token, user } = await api.register(username, `${username}@example.com`, 'chaos-pass-1');
    const { team } = await api.post<{ team: { _id: string } }>('/teams', admin, {
      name: `Chaos ${tag} team ${number}`,
      teamNumber: number,
    });
    await api.post(`/teams/${team._id}/assign-owner`, admin, { userId: user._id });
    teams.push({ teamId: team._id, token });
  }
  await api.post(`/drafts/${draft._id}/teams`, admin, { teamIds: teams.map((team) => team.teamId) });
  await api.post(`/drafts/${draft._id}/start`, admin, {});
  return { draftId: draft._id, teams };
}

const viewOf = (api: ApiClient, draft: Draft) =>
  api.get<AuctionView>(`/auctions/draft/${draft.draftId}`, draft.teams[0]!.token);

/** The draft's next deadline (its auction's, or its nomination clock's), at least 300 ms away. */
async function nextDeadline(api: ApiClient, draft: Draft): Promise<number> {
  for (;;) {
    const view = await viewOf(api, draft);
    const deadline = Date.parse(view.auction?.deadline ?? view.nominationDeadline ?? '');
    if (deadline > Date.now() + 300) return deadline;
    await sleep(100);
  }
}

/** Waits for an auction (the auto-nomination opens one) with at least 1.5 s left. */
async function openAuction(api: ApiClient, draft: Draft): Promise<{ auctionId: string; deadline: number }> {
  for (;;) {
    const { auction } = await viewOf(api, draft);
    if (auction && Date.parse(auction.deadline) > Date.now() + 1500) {
      return { auctionId: auction._id, deadline: Date.parse(auction.deadline) };
    }
    await sleep(100);
  }
}

/** When the auction was completed, or null when it was not by `until`. */
async function completionOf(
  api: ApiClient,
  draft: Draft,
  auctionId: string,
  until: number,
): Promise<number | null> {
  while (Date.now() < until) {
    const { lastCompletedAuction: last, auction } = await viewOf(api, draft);
    if (last?._id === auctionId && last.completedAt) return Date.parse(last.completedAt);
    if (auction?._id !== auctionId && last?._id !== auctionId) fail(`auction ${auctionId} vanished`);
    await sleep(50);
  }
  return null;
}

async function readLog(databaseUrl: string): Promise<LoggedEvent[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<LoggedEvent>(
      `SELECT stream_id AS "streamId", type, data, metadata->>'commandId' AS "commandId",
              (extract(epoch FROM recorded_at) * 1000)::float8 AS "recordedAt"
       FROM es_events WHERE stream_id LIKE 'draft-%' ORDER BY global_position`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

function worst(timers: TimerFire[], key: 'lateMs' | 'lateAfterUpMs'): string {
  if (timers.length === 0) return 'none fired';
  const top = timers.reduce((a, b) => (b[key] > a[key] ? b : a));
  return `${top[key]} ms (${top.kind} timer)`;
}

function report(
  events: LoggedEvent[],
  audit: ReturnType<typeof auditChaos>,
  chaosTimers: TimerFire[],
  bidders: Bidders,
  fromSweep: number,
  outages: Outage[],
  kinds: Map<KillMoment, number>,
  losses: { lateMs: number | null; sweepFired: number }[],
): void {
  const resends = auditResends(events, bidders.resent);
  const served = chaosTimers.filter((timer) => !timer.interrupted);
  const waited = chaosTimers.filter((timer) => timer.interrupted);
  const downtime = outages.map((o) => o.healthyAt - o.killedAt);
  const rows: [string, string][] = [
    [
      `kill -9s (${KILL_MOMENTS.join(' / ')})`,
      `${outages.length} (${KILL_MOMENTS.map((moment) => kinds.get(moment) ?? 0).join(' / ')})`,
    ],
    ['restart, kill → healthy (worst)', downtime.length ? `${Math.max(...downtime)} ms` : '-'],
    ['acknowledged bids', String(audit.ackedBids)],
    ['acknowledged bids lost (not in the log)', String(audit.lostBids.length)],
    ['refused bids (409s) / failed (API down)', `${bidders.refused} / ${bidders.failed}`],
    ['bids sent again with their key after a cut-off answer', String(resends.resent)],
    [
      '  of which the first attempt had committed / answered 200 again',
      `${resends.committedBeforeCutOff} / ${resends.committedAnswered200}`,
    ],
    ['  answered "refused" although committed', String(resends.refusedButLogged)],
    ...resends.refusedButLoggedDetails.map((detail): [string, string] => ['    ', detail]),
    ['commands appended twice (same command id)', String(audit.duplicatedCommands)],
    [
      'bids / completions / sales in the log twice',
      `${audit.duplicatedBids} / ${audit.duplicatedCompletions} / ${audit.duplicatedSales}`,
    ],
    ['timers fired (no kill / a kill between deadline and fire)', `${served.length} / ${waited.length}`],
    ['worst lateness, no kill in between: deadline → fire', worst(served, 'lateMs')],
    ['worst lateness, a kill in between:  deadline → fire', worst(waited, 'lateMs')],
    ['                                    restarted API healthy → fire', worst(waited, 'lateAfterUpMs')],
    ['timers fired by the PostgreSQL sweep (all runs)', String(fromSweep)],
    [
      'Redis data loss mid-auction: deadline → sale',
      losses
        .map((loss) => (loss.lateMs === null ? `none in ${LOSS_GIVE_UP_MS} ms` : `${loss.lateMs} ms`))
        .join(', '),
    ],
  ];
  console.log('');
  for (const [label, value] of rows) console.log(`${label.padEnd(64)} ${value}`);
  for (const lost of audit.lostBids.slice(0, 5)) console.log(`lost: ${JSON.stringify(lost)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
