import type { PartitionLag } from '@auction/ops-figures';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the consumer reports; the metrics are its only implementation outside tests. */
export interface OpsObserver {
  /** `invalid`: records that are not draft event messages (logged and skipped). */
  batchStored(received: number, applied: number, invalid: number, seconds: number): void;
  batchFailed(seconds: number): void;
  lagMeasured(topic: string, partitions: readonly PartitionLag[]): void;
}

let processRegistry: Registry | undefined;

/**
 * CPU, memory, event-loop lag, GC, once per process: collectDefaultMetrics starts monitors nothing can stop, and
 * tests run several services in one process.
 */
function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The ops consumer's Prometheus metrics (ADR 0014), served at GET /metrics next to /ops/figures. */
export class OpsMetrics implements OpsObserver {
  private readonly own = new Registry();
  /** This consumer's metrics and the process's, as one registry to serve. */
  readonly registry: Registry;
  private readonly consumed: Counter<'result'>;
  private readonly batches: Counter<'outcome'>;
  private readonly batchDuration: Histogram<'outcome'>;
  private readonly lag: Gauge<'topic' | 'partition'>;

  constructor() {
    const registers = [this.own];
    this.consumed = new Counter({
      name: 'ops_messages_consumed_total',
      help: 'Kafka records consumed, by result: applied, unchanged (a redelivery, or not a draft stream) or invalid (skipped)',
      labelNames: ['result'],
      registers,
    });
    this.batches = new Counter({
      name: 'ops_batches_total',
      help: 'Consumed batches by outcome: stored (then committed) or failed (redelivered)',
      labelNames: ['outcome'],
      registers,
    });
    this.batchDuration = new Histogram({
      name: 'ops_batch_duration_seconds',
      help: 'Storing one batch in PostgreSQL and committing its offset',
      labelNames: ['outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.lag = new Gauge({
      name: 'ops_consumer_lag_messages',
      help: "Records on a partition past the group's committed offset, as last measured (every OPS_LAG_INTERVAL_MS)",
      labelNames: ['topic', 'partition'],
      registers,
    });
    this.registry = Registry.merge([processMetricsRegistry(), this.own]);
  }

  batchStored(received: number, applied: number, invalid: number, seconds: number): void {
    this.consumed.inc({ result: 'applied' }, applied);
    this.consumed.inc({ result: 'unchanged' }, Math.max(0, received - applied - invalid));
    this.consumed.inc({ result: 'invalid' }, invalid);
    this.batches.inc({ outcome: 'stored' });
    this.batchDuration.observe({ outcome: 'stored' }, seconds);
  }

  batchFailed(seconds: number): void {
    this.batches.inc({ outcome: 'failed' });
    this.batchDuration.observe({ outcome: 'failed' }, seconds);
  }

  lagMeasured(topic: string, partitions: readonly PartitionLag[]): void {
    for (const { partition, lag } of partitions) this.lag.set({ topic, partition: String(partition) }, lag);
  }
}
