/**
 * A load generator of bench:capacity, forked by it (never run by hand): it holds the sockets of its share of the
 * drafts, so their event loop is not the app's. In each draft the owners bid in turn, one bid every 500 ms, and the
 * time from sending a bid to all 12 clients of the room receiving its `bidPlaced` is measured here (one clock).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { PerformanceObserver, constants, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Socket } from 'socket.io-client';
import { runWithConcurrency } from './bench-http.js';
import { TEAMS, joinDraftRoom, type BenchDraft } from './bench-league.js';
import {
  SLOW_BID_MS,
  type ConnectReport,
  type FromLoad,
  type MeasureReport,
  type PresenceCounts,
  type BidsOver,
  type ToLoad,
} from './capacity-protocol.js';

const BID_EVERY_MS = 500;
/** Between steps a draft bids this rarely, only so its auction clock (600 s at most) never runs out. */
const KEEP_ALIVE_MS = 120_000;
const ACK_TIMEOUT_MS = 5_000;
const CONNECTS_IN_FLIGHT = 48;

type LiveBid = {
  auction: { _id: string; currentBid: number; currentBidder: { _id: string } };
  bidAmount: number;
};

type LiveDraft = {
  spec: BenchDraft;
  sockets: Socket[];
  auctionId: string | null;
  currentBid: number;
  leaderTeamId: string | null;
  /** How many of the draft's sockets have the open auction's `auctionStarted` (the step waits for all 12). */
  auctionSeenBy: number;
  /** The amount of our bid not yet seen back, if any. */
  awaiting: number | null;
  lastBidAt: number;
  /** amount → when we sent it and how many of the room's clients have its bidPlaced. */
  fanOuts: Map<number, { sentAt: number; received: number; measured: boolean }>;
};

const drafts: LiveDraft[] = [];
let bidsOver: BidsOver = 'socket';
/** Whether each bid carries a fresh idempotency key, as the web client's do. */
let withKeys = false;
let base = '';
/** Our own loop's delay: the latency measured here includes it, so the bench reports it next to the latency. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
/** bidding: every 500 ms, measured; settling: the last measured bids land; idle: between steps. */
let phase: 'idle' | 'bidding' | 'settling' = 'idle';
let stats = freshStats();
/** When the measured step began (performance.now()). */
let measureStartedAt = 0;
let presence: PresenceCounts = { activeUsersUpdate: 0, userJoined: 0, userLeft: 0 };
/** Our own GC pauses while bidding: like the loop's delay, a pause here lands in the measured latency. */
let gcPauses = new Map<string, { count: number; ms: number }>();
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};
new PerformanceObserver((list) => {
  if (phase !== 'bidding') return;
  for (const entry of list.getEntries()) {
    const { detail } = entry as unknown as { detail: { kind: number } };
    const kind = GC_KINDS[detail.kind] ?? 'other';
    const total = gcPauses.get(kind) ?? { count: 0, ms: 0 };
    total.count++;
    total.ms += entry.duration;
    gcPauses.set(kind, total);
  }
}).observe({ entryTypes: ['gc'] });

function freshStats(): Omit<MeasureReport, 'type'> {
  return {
    latenciesMs: [],
    slowBidSeconds: [],
    bidsSent: 0,
    ticksBehind: 0,
    auctionsOpenWaitMs: 0,
    errors: { socketErrors: 0, ackTimeouts: 0, incompleteFanOuts: 0, disconnects: 0, httpErrors: 0 },
    firstError: null,
    loopDelayMs: { p99: 0, max: 0 },
    gcPauses: [],
  };
}

function send(message: FromLoad): void {
  process.send?.(message);
}

function noteError(kind: keyof MeasureReport['errors'], detail: string): void {
  if (phase === 'idle') return;
  stats.errors[kind]++;
  stats.firstError ??= `${kind}: ${detail}`;
}

function listen(draft: LiveDraft, socket: Socket): void {
  socket.on('activeUsersUpdate', () => presence.activeUsersUpdate++);
  socket.on('userJoined', () => presence.userJoined++);
  socket.on('userLeft', () => presence.userLeft++);
  socket.on('error', (payload: { message?: string }) => noteError('socketErrors', payload?.message ?? '?'));
  socket.on('disconnect', (reason: string) => noteError('disconnects', reason));
  socket.on('auctionStarted', (payload: { auction: LiveBid['auction'] }) => {
    if (draft.auctionId !== payload.auction._id) draft.auctionSeenBy = 0;
    draft.auctionSeenBy++;
    draft.auctionId = payload.auction._id;
    draft.currentBid = Math.max(draft.currentBid, payload.auction.currentBid);
    draft.leaderTeamId = payload.auction.currentBidder._id;
  });
  socket.on('auctionCompleted', () => {
    draft.auctionId = null;
  });
  socket.on('bidPlaced', (payload: LiveBid) => {
    const now = performance.now();
    if (payload.bidAmount > draft.currentBid) {
      draft.currentBid = payload.bidAmount;
      draft.leaderTeamId = payload.auction.currentBidder._id;
      draft.auctionId = payload.auction._id;
    }
    if (draft.awaiting !== null && payload.bidAmount >= draft.awaiting) draft.awaiting = null;
    const fanOut = draft.fanOuts.get(payload.bidAmount);
    if (!fanOut) return;
    if (++fanOut.received < TEAMS) return;
    draft.fanOuts.delete(payload.bidAmount);
    if (!fanOut.measured) return;
    stats.latenciesMs.push(now - fanOut.sentAt);
    if (now - fanOut.sentAt > SLOW_BID_MS) {
      stats.slowBidSeconds.push(Math.floor((fanOut.sentAt - measureStartedAt) / 1000));
    }
  });
}

async function connect(specs: BenchDraft[]): Promise<void> {
  presence = { activeUsersUpdate: 0, userJoined: 0, userLeft: 0 };
  const started = performance.now();
  const fresh: LiveDraft[] = specs.map((spec) => ({
    spec,
    sockets: [],
    auctionId: null,
    auctionSeenBy: 0,
    currentBid: 0,
    leaderTeamId: null,
    awaiting: null,
    lastBidAt: 0,
    fanOuts: new Map(),
  }));
  const clients = fresh.flatMap((draft) => draft.spec.teams.map((team) => ({ draft, team })));
  let failures = 0;
  let firstFailure: string | null = null;
  await runWithConcurrency(CONNECTS_IN_FLIGHT, clients.length, async (index) => {
    const { draft, team } = clients[index]!;
    try {
      const socket = await joinDraftRoom(base, team, draft.spec.draftId, (s) => listen(draft, s), 60_000);
      draft.sockets[draft.spec.teams.indexOf(team)] = socket;
    } catch (error) {
      failures++;
      firstFailure ??= (error as Error).message;
    }
  });
  drafts.push(...fresh);
  for (const draft of fresh) startBidding(draft);
  const report: ConnectReport = {
    type: 'connected',
    clients: clients.length,
    failures,
    firstFailure,
    seconds: (performance.now() - started) / 1000,
    presence,
  };
  send(report);
}

/** Each draft on its own 500 ms rhythm, offset at random so the drafts do not all bid in the same instant. */
function startBidding(draft: LiveDraft): void {
  setTimeout(() => setInterval(() => tick(draft), BID_EVERY_MS), Math.random() * BID_EVERY_MS);
}

function tick(draft: LiveDraft): void {
  const now = performance.now();
  if (!draft.auctionId) return;
  const measured = phase === 'bidding';
  if (!measured && now - draft.lastBidAt < KEEP_ALIVE_MS) return;
  if (draft.awaiting !== null) {
    if (measured) stats.ticksBehind++;
    return;
  }
  // The owner after the current leader, so nobody outbids themselves.
  const leader = draft.spec.teams.findIndex((team) => team.teamId === draft.leaderTeamId);
  const index = (leader + 1) % TEAMS;
  const team = draft.spec.teams[index]!;
  const socket = draft.sockets[index];
  if (!socket?.connected) return;
  const amount = draft.currentBid + 1;
  draft.awaiting = amount;
  draft.lastBidAt = now;
  draft.fanOuts.set(amount, { sentAt: now, received: 0, measured });
  if (measured) stats.bidsSent++;
  const key = withKeys ? randomUUID() : undefined;
  if (bidsOver === 'rest') return restBid(draft, team.token, draft.auctionId, amount, team.teamId, key);
  socket.timeout(ACK_TIMEOUT_MS).emit(
    'bidOnPlayer',
    {
      draftId: draft.spec.draftId,
      playerId: draft.spec.playerId,
      bidAmount: amount,
      teamId: team.teamId,
      auctionId: draft.auctionId,
      ...(key ? { commandId: key } : {}),
    },
    (error: Error | null) => {
      if (!error) return;
      noteError('ackTimeouts', `${draft.spec.draftId} $${amount}`);
      if (draft.awaiting === amount) draft.awaiting = null;
    },
  );
}

/** Kept-alive connections for the REST bids: node:http, not fetch, whose own cost in this process was 3× the bid's. */
const keepAlive = new Agent({ keepAlive: true, maxSockets: 256 });

/** The browser's way: an HTTP request per bid on a kept-alive connection, the token checked on each. */
function restBid(
  draft: LiveDraft,
  token: string,
  auctionId: string,
  amount: number,
  teamId: string,
  key: string | undefined,
): void {
  const failed = (reason: string) => {
    noteError('httpErrors', `${draft.spec.draftId} $${amount}: ${reason}`);
    if (draft.awaiting === amount) draft.awaiting = null;
  };
  const body = JSON.stringify({ bidAmount: amount, teamId });
  const request = httpRequest(
    `${base}/api/auctions/${auctionId}/bid`,
    {
      method: 'POST',
      agent: keepAlive,
      timeout: ACK_TIMEOUT_MS,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        ...(key ? { 'idempotency-key': key } : {}),
      },
    },
    (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) failed(`${response.statusCode} ${text.slice(0, 120)}`);
      });
    },
  );
  request.on('timeout', () => request.destroy(new Error('no answer')));
  request.on('error', (error) => failed(error.message));
  request.end(body);
}

async function measure(seconds: number): Promise<void> {
  // The set-up's nominations are done when every client has its auction open: until then the app is still sending
  // them (a step that began at the first client's `auctionStarted` measured the set-up's tail as bid latency).
  const waitFrom = performance.now();
  const waitUntil = waitFrom + 30_000;
  while (
    drafts.some((draft) => !draft.auctionId || draft.auctionSeenBy < TEAMS) &&
    performance.now() < waitUntil
  ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stats = freshStats();
  stats.auctionsOpenWaitMs = performance.now() - waitFrom;
  gcPauses = new Map();
  loopDelay.reset();
  measureStartedAt = performance.now();
  phase = 'bidding';
  for (const draft of drafts) {
    draft.fanOuts.clear();
    if (!draft.auctionId) noteError('socketErrors', `no open auction in ${draft.spec.draftId}`);
  }
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  // Let the last bids land; one not at every client by then did not fan out.
  phase = 'settling';
  stats.loopDelayMs = { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 };
  stats.gcPauses = [...gcPauses];
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  for (const draft of drafts) {
    for (const fanOut of draft.fanOuts.values()) {
      if (fanOut.measured)
        noteError('incompleteFanOuts', `${draft.spec.draftId}: ${fanOut.received}/${TEAMS}`);
    }
    draft.fanOuts.clear();
  }
  phase = 'idle';
  const report: MeasureReport = { type: 'measured', ...stats };
  send(report);
}

process.on('message', (message: ToLoad) => {
  if (message.type === 'connect') {
    base = message.base;
    bidsOver = message.bidsOver;
    withKeys = message.withKeys;
    void connect(message.drafts);
  } else if (message.type === 'measure') void measure(message.seconds);
  else {
    for (const draft of drafts) for (const socket of draft.sockets) socket?.close();
    process.exit(0);
  }
});
send({ type: 'ready' });
