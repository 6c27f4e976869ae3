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
 *  - from the API's /metrics, scraped a second before the bidding window and a second after it (a scrape stalls the
 *    racing rooms for a few hundred ms, so it is kept out of the measured window): SQL statements per accepted bid
 *    (`db_statements_total`, every round trip on the API's pool) and the mean time of a draft append
 *    (`event_append_duration_seconds`), over the bids between the two scrapes.
 * `--keys` gives each bid a fresh idempotency key (`commandId`), as the web client does for every bid (ADR 0020, 0035).
 * `--profile=DIR` runs the API with `--cpu-prof` (API_NODE_ARGS, read by infra/scripts/start.mjs) and prints the top
 * functions and packages of its profile (cpu-profile-summary.ts).
 * The clients share the 2-core machine with the server and PostgreSQL, so the figures are a floor, not a ceiling.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { minimumNextBid } from '@auction/domain';
import type { Socket } from 'socket.io-client';
import { summarise } from './search-workload.js';
import { gcBetween, meanBetween, scrapeApi, type ApiScrape } from './api-scrape.js';
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
import {
  TEAMS,
  availablePlayerIds,
  joinDraftRoom,
  registerOwner,
  setUpDraft,
  type BenchDraft,
} from './bench-league.js';
import { formatSummary, mainThreadProfile, readProfile, summariseProfile } from './cpu-profile-summary.js';
import { describeMachine, formatMachine } from './machine.js';
import { cpuSeconds, descendantsMatching, machineBusySeconds } from './proc-cpu.js';

const args = benchArgs();
const DRAFTS = Number(args.get('drafts') ?? process.env['BENCH_DRAFTS'] ?? 10);
const SECONDS = Number(args.get('seconds') ?? process.env['BENCH_SECONDS'] ?? 15);
const PORT = Number(args.get('port') ?? process.env['BENCH_PORT'] ?? 3490);
const PROFILE_DIR = args.has('profile') ? path.resolve(args.get('profile')!) : null;
const WITH_KEYS = args.has('keys');
/** Between a scrape of the API's /metrics and the measured window, on either side. */
const SCRAPE_CLEARANCE_MS = 1000;

type Room = BenchDraft & { sockets: Socket[] };
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
  const { database, url } = benchDatabase('auction');
  console.log(
    `bench:auction — ${DRAFTS} drafts × ${TEAMS} clients, ${SECONDS} s of bidding` +
      `${WITH_KEYS ? ', an idempotency key per bid' : ''}, database ${database}`,
  );
  console.log(formatMachine(describeMachine()));

  if (PROFILE_DIR === path.resolve('true')) fail('--profile needs a directory: --profile=DIR');
  const app = startApp(
    PORT,
    url,
    PROFILE_DIR ? { API_NODE_ARGS: `--cpu-prof --cpu-prof-dir=${PROFILE_DIR}` } : {},
  );
  try {
    let result: BidResult;
    try {
      const base = `http://127.0.0.1:${PORT}`;
      await waitForHealth(base, app.exited);
      const apiPid = descendantsMatching(app.pid!, 'services/api/dist/main.js')[0];
      if (!apiPid) fail('could not find the API process under npm start');
      const api = new ApiClient(base);
      const admin = await api.login(BENCH_ADMIN.email, BENCH_ADMIN.password);
      await api.post('/players/sync', admin, {});
      const players = await availablePlayerIds(api, admin, DRAFTS);

      const setupStarted = performance.now();
      const drafts = await runWithConcurrency(4, DRAFTS, (d) =>
        setUpDraft(api, admin, d, players[d]!, registerOwner(api)),
      );
      console.log(`set up ${DRAFTS} drafts (${DRAFTS * TEAMS} owners) in ${secondsSince(setupStarted)} s`);
      const rooms: Room[] = [];
      for (const draft of drafts) {
        const sockets = await Promise.all(
          draft.teams.map((team) => joinDraftRoom(base, team, draft.draftId)),
        );
        rooms.push({ ...draft, sockets });
      }
      result = await bid(api, rooms, base, apiPid);
      for (const room of rooms) for (const socket of room.sockets) socket.close();
    } finally {
      await stopApp(app);
    }
    // With the app stopped, so the raw rate is PostgreSQL's alone.
    const transport = await appDatabaseTransport(url);
    console.log(formatTransport(transport));
    const raw1 = await rawInsertRate(transport.url, 1, 3);
    const raw12 = await rawInsertRate(transport.url, 12, 3);
    report(result, raw1, raw12);
    if (PROFILE_DIR) printProfile(PROFILE_DIR);
  } finally {
    await cleanUp(database);
  }
}

type BidResult = {
  accepted: number;
  refused: number;
  seconds: number;
  latenciesMs: number[];
  incomplete: number;
  api: { before: ApiScrape; after: ApiScrape };
  /** Bid commands between the two scrapes (a second before the window, in it, none after): the API counters' span. */
  betweenScrapes: { accepted: number; answered: number };
  /** CPU seconds over the bidding window: the API process, this process (all 12 × N clients), the whole machine. */
  cpu: { api: number; clients: number; machine: number };
};

/** Every room: nominate, then each client answers every bid it did not make with current + 1 until time is up. */
async function bid(api: ApiClient, rooms: Room[], base: string, apiPid: number): Promise<BidResult> {
  let running = true;
  let refused = 0;
  // Per room, and only what is still open: over a run the clients send ~10⁵ bids, and memory stays bounded however
  // long the run.
  const sentAt = new Map<string, Map<string, number>>(); // draftId → `${amount}:${teamId}` → when that bid was sent
  const fanOuts = new Map<string, Map<number, { bidAt: number; received: number }>>(); // draftId → amount → fan-out
  const latenciesMs: number[] = [];
  let accepted = 0;

  const started = new Promise<void>((resolveAll) => {
    let opened = 0;
    for (const room of rooms) {
      const roomSentAt = new Map<string, number>();
      const roomFanOuts = new Map<number, { bidAt: number; received: number }>();
      sentAt.set(room.draftId, roomSentAt);
      fanOuts.set(room.draftId, roomFanOuts);
      room.sockets.forEach((socket, index) => {
        const me = room.teams[index]!;
        const sendBid = (auctionId: string, amount: number) => {
          if (!running) return;
          roomSentAt.set(`${amount}:${me.teamId}`, performance.now());
          socket.emit('bidOnPlayer', {
            draftId: room.draftId,
            playerId: room.playerId,
            bidAmount: amount,
            teamId: me.teamId,
            auctionId,
            ...(WITH_KEYS ? { commandId: randomUUID() } : {}),
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
          let fanOut = roomFanOuts.get(payload.bidAmount);
          if (!fanOut) {
            const bidder = payload.auction.currentBidder._id;
            const sent = roomSentAt.get(`${payload.bidAmount}:${bidder}`);
            // Every bid sent so far was at most this one (the next is only sent on seeing it): none can win now.
            roomSentAt.clear();
            fanOut = { bidAt: sent ?? Number.NaN, received: 0 };
            roomFanOuts.set(payload.bidAmount, fanOut);
            accepted++;
          }
          if (++fanOut.received === room.sockets.length) {
            roomFanOuts.delete(payload.bidAmount);
            if (Number.isFinite(fanOut.bidAt)) latenciesMs.push(now - fanOut.bidAt);
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
  const apiBefore = await scrapeApi(base); // also starts prom-client's event-loop histogram afresh
  const atFirstScrape = { accepted, answered: accepted + refused };
  // A scrape is the benchmark's own instrument, not bidding: while ten rooms race it takes 25–55 ms to answer and
  // the fan-outs of the next few hundred ms queue behind it (docs/benchmarks.md). The window opens once it has passed
  // and closes before the second one.
  await sleep(SCRAPE_CLEARANCE_MS);
  const acceptedBefore = accepted;
  const refusedBefore = refused;
  const latenciesBefore = latenciesMs.length;
  const cpuBefore = {
    api: cpuSeconds(apiPid),
    clients: cpuSeconds(process.pid),
    machine: machineBusySeconds(),
  };
  const from = performance.now();
  await sleep(SECONDS * 1000);
  running = false;
  const seconds = (performance.now() - from) / 1000;
  const cpu = {
    api: cpuSeconds(apiPid) - cpuBefore.api,
    clients: cpuSeconds(process.pid) - cpuBefore.clients,
    machine: machineBusySeconds() - cpuBefore.machine,
  };
  const window = {
    accepted: accepted - acceptedBefore,
    refused: refused - refusedBefore,
    latenciesMs: latenciesMs.slice(latenciesBefore),
  };
  await sleep(SCRAPE_CLEARANCE_MS); // in-flight answers land, and the fan-outs still open are the incomplete ones
  const incomplete = [...fanOuts.values()].reduce((sum, open) => sum + open.size, 0);
  const apiAfter = await scrapeApi(base);
  return {
    ...window,
    seconds,
    incomplete,
    api: { before: apiBefore, after: apiAfter },
    betweenScrapes: {
      accepted: accepted - atFirstScrape.accepted,
      answered: accepted + refused - atFirstScrape.answered,
    },
    cpu,
  };
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
    [
      'answered/s ÷ raw INSERTs/s (12)',
      ((result.accepted + result.refused) / result.seconds / raw12).toFixed(2),
    ],
  ];
  const share = (cpuSeconds: number) => `${((cpuSeconds / result.seconds) * 100).toFixed(0)} %`;
  rows.push(
    [
      'CPU share of a core: API / clients / machine',
      `${share(result.cpu.api)} / ${share(result.cpu.clients)} / ${share(result.cpu.machine)} of ${availableParallelism()} cores`,
    ],
    [
      'API CPU per accepted bid (with its refusals)',
      `${((result.cpu.api / Math.max(1, result.accepted)) * 1000).toFixed(3)} ms`,
    ],
  );
  const { before, after } = result.api;
  const statements = after.statements - before.statements;
  const appends = after.appends - before.appends;
  const { betweenScrapes } = result;
  rows.push(
    ['SQL statements per accepted bid', (statements / Math.max(1, betweenScrapes.accepted)).toFixed(2)],
    ['SQL statements per answered command', (statements / Math.max(1, betweenScrapes.answered)).toFixed(2)],
    [
      'draft appends, mean time',
      `${(((after.appendSeconds - before.appendSeconds) / Math.max(1, appends)) * 1000).toFixed(2)} ms`,
    ],
    // The API's share of the fan-out latency above: the rest is reading the bid and the clients' side.
    [
      'accepted bid in the API (bus → published), mean',
      meanBetween(before.bids.accepted, after.bids.accepted),
    ],
    [
      'refused bid in the API (queue wait included), mean',
      meanBetween(before.bids.refused, after.bids.refused),
    ],
    [
      'API event-loop delay p99 / max',
      `${after.loopDelay.p99.toFixed(1)} / ${after.loopDelay.max.toFixed(1)} ms`,
    ],
    ['API GC pauses (count × mean)', gcBetween(before, after)],
  );
  console.log('');
  for (const [label, value] of rows) console.log(`${label!.padEnd(50)} ${value}`);
  if (result.incomplete > 0) console.log(`warning: ${result.incomplete} bids did not reach every client`);
}

function printProfile(dir: string): void {
  const file = mainThreadProfile(dir);
  if (!file) {
    console.log(`\nno .cpuprofile in ${dir} (did the API exit cleanly?)`);
    return;
  }
  console.log(`\nAPI CPU profile ${file}`);
  console.log(formatSummary(summariseProfile(readProfile(file))));
}

function secondsSince(start: number): string {
  return ((performance.now() - start) / 1000).toFixed(1);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
