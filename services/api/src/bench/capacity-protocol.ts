/** Messages between bench:capacity and its load-generator processes (capacity-load.ts), over the fork IPC channel. */
import type { BenchDraft } from './bench-league.js';

export type PresenceCounts = { activeUsersUpdate: number; userJoined: number; userLeft: number };

/** A bid this slow (sent → all 12 clients) is counted by the second it was sent in. */
export const SLOW_BID_MS = 50;

/** How the owners send their bids: the `bidOnPlayer` socket event, or `POST /api/auctions/{id}/bid` as the browser does. */
export type BidsOver = 'socket' | 'rest';

export type ToLoad =
  /** Connect 12 owners' sockets per draft, each authenticated and in its draft's room. */
  | { type: 'connect'; base: string; drafts: BenchDraft[]; bidsOver: BidsOver; withKeys: boolean }
  /** Bid in every draft every 500 ms for `seconds`, measuring; between steps only a keep-alive bid now and then. */
  | { type: 'measure'; seconds: number }
  | { type: 'close' };

export type ConnectReport = {
  type: 'connected';
  clients: number;
  failures: number;
  firstFailure: string | null;
  seconds: number;
  /** Presence messages received by every socket of this process while the new ones connected. */
  presence: PresenceCounts;
};

export type MeasureReport = {
  type: 'measured';
  /** Bid sent → bidPlaced received by all 12 clients of its draft, ms. */
  latenciesMs: number[];
  /** For each bid slower than SLOW_BID_MS: the second of the step it was sent in (does the tail come in bursts?). */
  slowBidSeconds: number[];
  bidsSent: number;
  /** Ticks with the previous bid still unanswered (the draft fell behind its 500 ms rhythm). */
  ticksBehind: number;
  /** How long the step waited, after the nominations were answered, for every client to have its auction open. */
  auctionsOpenWaitMs: number;
  errors: {
    socketErrors: number;
    ackTimeouts: number;
    incompleteFanOuts: number;
    disconnects: number;
    /** REST bids answered with anything but 200 (or not answered). */
    httpErrors: number;
  };
  firstError: string | null;
  /** This load process's own event-loop delay while bidding (ms): a stall here inflates the measured latency. */
  loopDelayMs: { p99: number; max: number };
  /** This load process's own GC pauses while bidding, per kind (minor, major, incremental, weakcb), as [kind, totals]. */
  gcPauses: [string, { count: number; ms: number }][];
};

export type FromLoad = { type: 'ready' } | ConnectReport | MeasureReport;
