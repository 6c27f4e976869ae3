/**
 * `npm run bench:auction` (repository root): live-auction throughput and fan-out latency on the app started exactly
 * as the README starts it (`npm start`, i.e. infra/scripts/start.mjs, on a port and database of its own that are removed afterwards).
 *
 * For each of N drafts (`--drafts=10`, default 10) it creates 12 owners, 12 teams and an active draft, connects 12
 * socket.io clients (one per owner), nominates one player and lets all 12 teams fight over it for `--seconds`
 * (default 15): every client that sees a `bidPlaced` it did not make answers with `bidOnPlayer` at the current bid
 * + 1, so 11 clients race for each step and the server must accept exactly one. It prints:
 *  - accepted bids/s over all drafts, and the refused ones (the lost races, answered with `error`);
 *  - p50/p95/p99 latency from the winning `bidOnPlayer` being sent to `bidPlaced` being received by EVERY client of
 *    the room (all clients live in this process, so one clock measures both ends);
 *  - measured in the same run, the raw rate of single-row autocommit INSERTs into the same PostgreSQL (1 and 12
 *    clients), and the ratio of accepted bids/s to it.
 * The clients share the 2-core machine with the server and PostgreSQL, so the figures are a floor, not a ceiling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { minimumNextBid } from '@auction/domain';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { Redis } from 'ioredis';
import { summarise } from './search-workload.js';
import { ApiClient, runWithConcurrency, waitForHealth } from './bench-http.js';

const TEAMS = 12;
const BUDGET = 10_000; // the contract's maximum: ~10k accepted bids per auction before the teams run dry
const CLOCK_SECONDS = 600; // the auction must not end while we measure
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const DRAFTS = Number(args.get('drafts') ?? process.env['BENCH_DRAFTS'] ?? 10);
const SECONDS = Number(args.get('seconds') ?? process.env['BENCH_SECONDS'] ?? 15);
const PORT = Number(args.get('port') ?? process.env['BENCH_PORT'] ?? 3490);
const SERVER_URL = process.env['BENCH_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-123', username: 'bench_admin' };

type Team = { teamId: string; token: string; username: string };
type Room = { draftId: string; playerId: string; teams: Team[]; sockets: Socket[] };
type LiveBid = {
  auction: { _id: string; currentBid: number; currentBidder: { _id: string } };
  bidAmount: number;
};

function fail(message: string): never {
  throw new Error(message);
}

async function main(): Promise<void> {
  if (!Number.isInteger(DRAFTS) || DRAFTS < 1) fail('--drafts must be a whole number ≥ 1');
  if (!(SECONDS > 0)) fail('--seconds must be > 0');
  const database = `auction_bench_auction_${randomBytes(4).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  console.log(
    `bench:auction — ${DRAFTS} drafts × ${TEAMS} clients, ${SECONDS} s of bidding, database ${database}`,
  );

  const app = startApp(url.href);
  try {
    let result: BidResult;
    try {
      const base = `http://127.0.0.1:${PORT}`;
      await waitForHealth(base, app.exited);
      const api = new ApiClient(base);
      const admin = await api.login(ADMIN.email, ADMIN.password);
      await api.post('/players/sync', admin, {});
      const players = await availablePlayerIds(api, admin, DRAFTS);

      const setupStarted = performance.now();
      const rooms = await runWithConcurrency(4, DRAFTS, (d) => setUpDraft(api, admin, d, players[d]!));
      console.log(`set up ${DRAFTS} drafts (${DRAFTS * TEAMS} owners) in ${secondsSince(setupStarted)} s`);
      for (const room of rooms) {
        room.sockets = await Promise.all(room.teams.map((team) => connect(base, team, room)));
      }
      result = await bid(api, rooms);
      for (const room of rooms) for (const socket of room.sockets) socket.close();
    } finally {
      await stopApp(app);
    }
    // With the app stopped, so the raw rate is PostgreSQL's alone.
    const raw1 = await rawInsertRate(url.href, 1, 3);
    const raw12 = await rawInsertRate(url.href, 12, 3);
    report(result, raw1, raw12);
  } finally {
    await cleanUp(database);
  }
}

function startApp(databaseUrl: string): ChildProcess & { exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['infra/scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_USERNAME: ADMIN.username,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return Object.assign(child, { exited });
}

async function stopApp(app: ChildProcess & { exited: Promise<number | null> }): Promise<void> {
  if (app.exitCode !== null || app.pid === undefined) return;
  signalGroup(app.pid, 'SIGTERM');
  await Promise.race([app.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (app.exitCode === null && app.signalCode === null) signalGroup(app.pid, 'SIGKILL');
}

/** The start script and the API it runs share a process group; it may be gone already. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

async function cleanUp(database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `auction:${database}:*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  console.log(`dropped ${database} and its Redis keys`);
}

async function availablePlayerIds(api: ApiClient, token: string, wanted: number): Promise<string[]> {
  const ids: string[] = [];
  for (const position of ['RB', 'WR', 'QB', 'TE', 'K', 'DEF']) {
    const { players } = await api.get<{ players: { providerId: string }[] }>(
      `/players/position/${position}?limit=100&available=true`,
      token,
    );
    ids.push(...players.map((player) => player.providerId));
    if (ids.length >= wanted) return ids.slice(0, wanted);
  }
  return fail(`the pool has only ${ids.length} players, ${wanted} drafts need one each`);
}

async function setUpDraft(api: ApiClient, admin: string, d: number, playerId: string): Promise<Room> {
  const tag = `${d}_${randomBytes(2).toString('hex')}`;
  const { draft } = await api.post<{ draft: { _id: string } }>('/drafts', admin, {
    name: `Bench draft ${tag}`,
    settings: {
      teamsCount: TEAMS,
      playersPerTeam: 20,
      budgetPerTeam: BUDGET,
      draftType: 'auction',
      auctionTimeLimit: CLOCK_SECONDS,
      bidTimeReset: CLOCK_SECONDS,
      nominationTimeLimit: CLOCK_SECONDS,
    },
  });
  const teams: Team[] = [];
  for (let number = 1; number <= TEAMS; number++) {
    const username = `bench_${tag}_${number}`;
    const { token, user } = await api.register(username, `${username}@example.com`, 'bench-pass-1');
    const { team } = await api.post<{ team: { _id: string } }>('/teams', admin, {
      name: `Bench ${tag} team ${number}`,
      teamNumber: number,
    });
    await api.post(`/teams/${team._id}/assign-owner`, admin, { userId: user._id });
    teams.push({ teamId: team._id, token, username });
  }
  await api.post(`/drafts/${draft._id}/teams`, admin, { teamIds: teams.map((team) => team.teamId) });
  await api.post(`/drafts/${draft._id}/start`, admin, {});
  return { draftId: draft._id, playerId, teams, sockets: [] };
}

function connect(base: string, team: Team, room: Room): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(base, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
    const timer = setTimeout(() => reject(new Error(`${team.username} did not join in 10 s`)), 10_000);
    socket.on('connect', () => socket.emit('authenticate', team.token));
    socket.on('authenticated', () => socket.emit('joinDraft', { draftId: room.draftId }));
    socket.on('authError', (error: unknown) => reject(new Error(`authError ${JSON.stringify(error)}`)));
    socket.once('draftJoined', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.on('connect_error', reject);
  });
}

type BidResult = {
  accepted: number;
  refused: number;
  seconds: number;
  latenciesMs: number[];
  incomplete: number;
};

/** Every room: nominate, then each client answers every bid it did not make with current + 1 until time is up. */
async function bid(api: ApiClient, rooms: Room[]): Promise<BidResult> {
  let running = true;
  let refused = 0;
  const sentAt = new Map<string, number>(); // `${draftId}:${amount}:${teamId}` → when that bid was sent
  const seen = new Map<string, { bidAt: number; received: number }>(); // `${draftId}:${amount}` → fan-out
  const latenciesMs: number[] = [];
  let accepted = 0;

  const started = new Promise<void>((resolveAll) => {
    let opened = 0;
    for (const room of rooms) {
      room.sockets.forEach((socket, index) => {
        const me = room.teams[index]!;
        const sendBid = (auctionId: string, amount: number) => {
          if (!running) return;
          sentAt.set(`${room.draftId}:${amount}:${me.teamId}`, performance.now());
          socket.emit('bidOnPlayer', {
            draftId: room.draftId,
            playerId: room.playerId,
            bidAmount: amount,
            teamId: me.teamId,
            auctionId,
          });
        };
        socket.on('error', () => {
          refused++;
        });
        socket.once('auctionStarted', (payload: { auction: LiveBid['auction'] }) => {
          if (index === 0 && ++opened === rooms.length) resolveAll();
          if (payload.auction.currentBidder._id !== me.teamId) {
            sendBid(payload.auction._id, minimumNextBid(payload.auction.currentBid));
          }
        });
        socket.on('bidPlaced', (payload: LiveBid) => {
          const now = performance.now();
          const key = `${room.draftId}:${payload.bidAmount}`;
          let fanOut = seen.get(key);
          if (!fanOut) {
            const bidder = payload.auction.currentBidder._id;
            const sent = sentAt.get(`${room.draftId}:${payload.bidAmount}:${bidder}`);
            fanOut = { bidAt: sent ?? Number.NaN, received: 0 };
            seen.set(key, fanOut);
            accepted++;
          }
          if (++fanOut.received === room.sockets.length && Number.isFinite(fanOut.bidAt)) {
            latenciesMs.push(now - fanOut.bidAt);
          }
          if (payload.auction.currentBidder._id !== me.teamId) {
            sendBid(payload.auction._id, minimumNextBid(payload.auction.currentBid));
          }
        });
      });
    }
  });

  await runWithConcurrency(8, rooms.length, (d) =>
    api.post('/auctions/nominate', rooms[d]!.teams[0]!.token, {
      draftId: rooms[d]!.draftId,
      playerId: rooms[d]!.playerId,
    }),
  );
  await started;
  const acceptedBefore = accepted;
  const refusedBefore = refused;
  const latenciesBefore = latenciesMs.length;
  const from = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  running = false;
  const seconds = (performance.now() - from) / 1000;
  const result = {
    accepted: accepted - acceptedBefore,
    refused: refused - refusedBefore,
    seconds,
    latenciesMs: latenciesMs.slice(latenciesBefore),
    incomplete: 0,
  };
  await new Promise((resolve) => setTimeout(resolve, 1000)); // let in-flight answers land before closing
  result.incomplete = [...seen.values()].filter((fanOut) => fanOut.received < TEAMS).length;
  return result;
}

/** Single-row autocommit INSERTs for `seconds`, from `clients` connections at once. */
async function rawInsertRate(databaseUrl: string, clients: number, seconds: number): Promise<number> {
  const setup = new pg.Client({ connectionString: databaseUrl });
  await setup.connect();
  await setup.query('CREATE TABLE IF NOT EXISTS bench_raw_inserts (id bigserial PRIMARY KEY, payload jsonb)');
  await setup.end();
  let inserts = 0;
  const until = performance.now() + seconds * 1000;
  const from = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        while (performance.now() < until) {
          await client.query('INSERT INTO bench_raw_inserts (payload) VALUES ($1)', ['{"amount": 1}']);
          inserts++;
        }
      } finally {
        await client.end();
      }
    }),
  );
  return inserts / ((performance.now() - from) / 1000);
}

function report(result: BidResult, raw1: number, raw12: number): void {
  const rate = result.accepted / result.seconds;
  const latency = summarise(result.latenciesMs);
  const rows = [
    ['drafts × clients', `${DRAFTS} × ${TEAMS}`],
    ['accepted bids', `${result.accepted} in ${result.seconds.toFixed(1)} s`],
    ['accepted bids/s', rate.toFixed(0)],
    ['refused bids (lost races)', String(result.refused)],
    [
      'bid commands answered/s (accepted + refused)',
      ((result.accepted + result.refused) / result.seconds).toFixed(0),
    ],
    ['bid → bidPlaced at every client, p50', `${latency.p50.toFixed(2)} ms`],
    ['                                 p95', `${latency.p95.toFixed(2)} ms`],
    ['                                 p99', `${latency.p99.toFixed(2)} ms`],
    ['fan-outs measured', String(result.latenciesMs.length)],
    ['raw INSERTs/s, 1 client', raw1.toFixed(0)],
    ['raw INSERTs/s, 12 clients', raw12.toFixed(0)],
    ['accepted bids/s ÷ raw INSERTs/s (12)', (rate / raw12).toFixed(2)],
  ];
  console.log('');
  for (const [label, value] of rows) console.log(`${label!.padEnd(46)} ${value}`);
  if (result.incomplete > 0) console.log(`warning: ${result.incomplete} bids did not reach every client`);
}

function secondsSince(start: number): string {
  return ((performance.now() - start) / 1000).toFixed(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
