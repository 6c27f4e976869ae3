import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

/** Events behind beyond this are counted as this many: a scrape stays cheap however far the relay fell. */
export const LAG_COUNT_CAP = 1_000_000;

/** What the relay loop reports; the metrics are its only implementation outside tests. */
export interface RelayObserver {
  batchRelayed(events: number, seconds: number): void;
  batchFailed(seconds: number): void;
  produceFailed(): void;
}

/**
 * The relay's Prometheus metrics (ADR 0014): what it shipped, its failures, whether it holds the leader lock,
 * and its lag behind the log, read from PostgreSQL when Prometheus scrapes (the checkpoint table, so a standby
 * reports the active relay's lag too).
 */
export class RelayMetrics implements RelayObserver {
  readonly registry = new Registry();
  private readonly relayed: Counter;
  private readonly batches: Counter<'outcome'>;
  private readonly batchDuration: Histogram<'outcome'>;
  private readonly produceErrors: Counter;
  private readonly leader: Gauge;

  constructor(db: Queryable, relayName: string) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.registry.setDefaultLabels({ relay: relayName });
    this.relayed = new Counter({
      name: 'relay_events_relayed_total',
      help: 'Events published to Kafka and acknowledged (a batch sent again after a failure counts again)',
      registers,
    });
    this.batches = new Counter({
      name: 'relay_batches_total',
      help: 'Relay batches by outcome: relayed, empty (caught up) or failed (retried with backoff)',
      labelNames: ['outcome'],
      registers,
    });
    this.batchDuration = new Histogram({
      name: 'relay_batch_duration_seconds',
      help: 'One batch: read from the log, publish to Kafka, save the checkpoint',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.produceErrors = new Counter({
      name: 'relay_produce_errors_total',
      help: 'Kafka produce requests that failed (the batch is retried, nothing is skipped)',
      registers,
    });
    this.leader = new Gauge({
      name: 'relay_leader',
      help: '1 while this process holds the relay lock and publishes, 0 while it waits as a standby',
      registers,
    });
    this.leader.set(0);

    let reading: { at: number; lag: Promise<RelayLag | null> } | undefined;
    // Both lag gauges are collected in the same scrape: one read serves them.
    const lag = () => {
      if (!reading || Date.now() - reading.at > 1_000) {
        reading = { at: Date.now(), lag: readRelayLag(db, relayName).catch(() => null) };
      }
      return reading.lag;
    };
    new Gauge({
      name: 'relay_lag_events',
      help: 'Events in the log not published yet (no sample while PostgreSQL cannot be read)',
      registers,
      async collect() {
        const current = await lag();
        this.reset();
        if (current) this.set(current.events);
      },
    });
    new Gauge({
      name: 'relay_lag_seconds',
      help: 'Age of the oldest event not published yet (0 when caught up)',
      registers,
      async collect() {
        const current = await lag();
        this.reset();
        if (current) this.set(current.seconds);
      },
    });
  }

  batchRelayed(events: number, seconds: number): void {
    const outcome = events > 0 ? 'relayed' : 'empty';
    this.batches.inc({ outcome });
    this.batchDuration.observe({ outcome }, seconds);
    this.relayed.inc(events);
  }

  batchFailed(seconds: number): void {
    this.batches.inc({ outcome: 'failed' });
    this.batchDuration.observe({ outcome: 'failed' }, seconds);
  }

  produceFailed(): void {
    this.produceErrors.inc();
  }

  setLeader(leader: boolean): void {
    this.leader.set(leader ? 1 : 0);
  }
}

export interface RelayLag {
  events: number;
  seconds: number;
}

/**
 * Events after the checkpoint in the relay's own (transaction id, position) order, so an event committed late
 * behind a long transaction counts as not relayed yet. Two index range reads.
 */
export async function readRelayLag(db: Queryable, relayName: string): Promise<RelayLag> {
  const { rows } = await db.query<{ behind: string; oldest: Date | null }>(
    `WITH cp AS (
       SELECT coalesce(max(transaction_id::text), '0')::xid8 AS tx, coalesce(max(global_position), 0) AS pos
       FROM relay_checkpoints WHERE name = $1
     ), behind AS (
       SELECT e.recorded_at FROM es_events e, cp
       WHERE (e.transaction_id, e.global_position) > (cp.tx, cp.pos) LIMIT ${LAG_COUNT_CAP}
     )
     SELECT (SELECT count(*) FROM behind) AS behind, (SELECT min(recorded_at) FROM behind) AS oldest`,
    [relayName],
  );
  const row = rows[0];
  return {
    events: Number(row?.behind ?? 0),
    seconds: row?.oldest ? Math.max(0, Date.now() - row.oldest.getTime()) / 1000 : 0,
  };
}
