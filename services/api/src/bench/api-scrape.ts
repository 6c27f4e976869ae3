/** What the benches read off the API's /metrics (prom-client) around a measured window. */
export type ApiScrape = {
  /** Event-loop delay since the previous scrape (prom-client resets that histogram on every scrape), ms. */
  loopDelay: { p99: number; max: number };
  /** Cumulative: SQL statements on the API's pool, draft appends and their total time. */
  statements: number;
  appends: number;
  appendSeconds: number;
  /** Cumulative GC pauses per kind (major, minor, incremental, weakcb). */
  gc: Map<string, { count: number; ms: number }>;
  /**
   * Cumulative PlaceBid commands and their total time in the API (command bus to published, the append and the
   * fan-out's emit included; a refusal's wait behind its draft's running append too), accepted and refused apart.
   */
  bids: { accepted: Timed; refused: Timed };
};

export type Timed = { count: number; seconds: number };

export async function scrapeApi(base: string): Promise<ApiScrape> {
  const lines = (await (await fetch(`${base}/metrics`)).text()).split('\n');
  const sum = (pattern: RegExp) =>
    lines
      .filter((line) => pattern.test(line))
      .reduce((total, line) => total + Number(line.split(' ').at(-1)), 0);
  const gc = new Map<string, { count: number; ms: number }>();
  for (const line of lines) {
    const match = /^nodejs_gc_duration_seconds_(sum|count)\{kind="(\w+)"\} (\S+)$/.exec(line);
    if (!match) continue;
    const entry = gc.get(match[2]!) ?? { count: 0, ms: 0 };
    if (match[1] === 'sum') entry.ms = Number(match[3]) * 1000;
    else entry.count = Number(match[3]);
    gc.set(match[2]!, entry);
  }
  return {
    loopDelay: {
      p99: sum(/^nodejs_eventloop_lag_p99_seconds /) * 1000,
      max: sum(/^nodejs_eventloop_lag_max_seconds /) * 1000,
    },
    statements: sum(/^db_statements_total /),
    appends: sum(/^event_append_duration_seconds_count\{.*stream="draft"/),
    appendSeconds: sum(/^event_append_duration_seconds_sum\{.*stream="draft"/),
    gc,
    bids: {
      accepted: {
        count: sum(/^command_duration_seconds_count\{type="PlaceBid",outcome="accepted"\}/),
        seconds: sum(/^command_duration_seconds_sum\{type="PlaceBid",outcome="accepted"\}/),
      },
      refused: {
        count: sum(/^command_duration_seconds_count\{type="PlaceBid",outcome="rejected_\w+"\}/),
        seconds: sum(/^command_duration_seconds_sum\{type="PlaceBid",outcome="rejected_\w+"\}/),
      },
    },
  };
}

/** The mean time of what was timed between two scrapes, e.g. "5.21 ms" ("none" when nothing was). */
export function meanBetween(before: Timed, after: Timed): string {
  const count = after.count - before.count;
  return count > 0 ? `${(((after.seconds - before.seconds) / count) * 1000).toFixed(2)} ms` : 'none';
}

/** GC pauses between two scrapes, e.g. "major 3 × 41.0 ms, minor 310 × 1.2 ms". */
export function gcBetween(before: ApiScrape, after: ApiScrape): string {
  const between = new Map<string, { count: number; ms: number }>();
  for (const [kind, end] of after.gc) {
    const start = before.gc.get(kind) ?? { count: 0, ms: 0 };
    between.set(kind, { count: end.count - start.count, ms: end.ms - start.ms });
  }
  return formatGcPauses(between);
}

/** GC pauses per kind as "minor 18 × 15.1 ms, major 1 × 20.7 ms" (kinds without a pause left out; "none"). */
export function formatGcPauses(pauses: Iterable<[string, { count: number; ms: number }]>): string {
  const parts: string[] = [];
  for (const [kind, { count, ms }] of pauses) {
    if (count > 0) parts.push(`${kind} ${count} × ${(ms / count).toFixed(1)} ms`);
  }
  return parts.join(', ') || 'none';
}
