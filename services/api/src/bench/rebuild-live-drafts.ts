/**
 * `bench:rebuild --live-drafts=N`: N drafts bidding against the running API while the rebuild runs, to show the
 * drafts keep answering (issue 11: p99 ≤ 100 ms for 10 drafts at one bid per 500 ms). Each draft has one open
 * auction; every 500 ms the team not leading bids current + 1 over REST, and the answer's latency is kept with the
 * time it was sent, so the figures split into "during the rebuild" and "outside it".
 */
import { BENCH_ADMIN, startApp, stopApp, type RunningApp } from './bench-app.js';
import { ApiClient, runWithConcurrency, waitForHealth } from './bench-http.js';
import { availablePlayerIds, registerOwner, setUpDraft, type BenchDraft } from './bench-league.js';

const BID_EVERY_MS = 500;

export interface LiveBid {
  sentAt: number;
  latencyMs: number;
  ok: boolean;
}

export interface LiveDrafts {
  /** Stops the bidding and the app; answers every bid sent. */
  stop(): Promise<LiveBid[]>;
}

/** Starts the app on `databaseUrl`, sets up `count` drafts with an open auction each, and starts their bidding. */
export async function startLiveDrafts(databaseUrl: string, port: number, count: number): Promise<LiveDrafts> {
  const app = startApp(port, databaseUrl);
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, app.exited);
    const api = new ApiClient(base);
    const admin = await api.login(BENCH_ADMIN.email, BENCH_ADMIN.password);
    const players = await availablePlayerIds(api, admin, count);
    const drafts = await runWithConcurrency(2, count, (d) =>
      setUpDraft(api, admin, d, players[d]!, registerOwner(api)),
    );
    const bids: LiveBid[] = [];
    const loops = await Promise.all(drafts.map((draft) => startBidding(api, draft, bids)));
    return {
      async stop() {
        for (const loop of loops) loop.stop();
        await Promise.all(loops.map((loop) => loop.done));
        await stopApp(app);
        return bids;
      },
    };
  } catch (error) {
    await stopApp(app as RunningApp);
    throw error;
  }
}

async function startBidding(
  api: ApiClient,
  draft: BenchDraft,
  bids: LiveBid[],
): Promise<{ stop(): void; done: Promise<void> }> {
  const opener = draft.teams[0]!;
  const { auction } = await api.post<{ auction: { _id: string } }>('/auctions/nominate', opener.token, {
    draftId: draft.draftId,
    playerId: draft.playerId,
    openingBid: 1,
  });
  let running = true;
  let amount = 1;
  const done = (async () => {
    while (running) {
      const tick = performance.now();
      amount += 1;
      const team = draft.teams[(amount - 1) % 2]!; // team 1 opened at $1: team 2 bids the even amounts
      const sentAt = performance.now();
      let ok = true;
      try {
        await api.post(`/auctions/${auction._id}/bid`, team.token, {
          bidAmount: amount,
          teamId: team.teamId,
        });
      } catch {
        ok = false;
      }
      bids.push({ sentAt, latencyMs: performance.now() - sentAt, ok });
      const wait = BID_EVERY_MS - (performance.now() - tick);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  })();
  return { stop: () => (running = false), done };
}

/** p50 / p99 / max of the bids sent in [from, to), and how many failed. */
export function summarise(bids: readonly LiveBid[], from: number, to: number): string {
  const window = bids.filter((bid) => bid.sentAt >= from && bid.sentAt < to);
  const sorted = window.map((bid) => bid.latencyMs).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const failed = window.filter((bid) => !bid.ok).length;
  return (
    `${window.length} bids, p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, ` +
    `max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms, ${failed} failed`
  );
}
