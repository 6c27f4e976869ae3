import { performance } from 'node:perf_hooks';
import type { Checkpoint, PostgresEventStore } from '@auction/event-store';
import { backoffDelay, sleep, toDraftEventMessage, type BackoffOptions, type Logger } from '@auction/kafka';
import type { EventPublisher } from './event-publisher.js';
import type { RelayCheckpointStore } from './relay-checkpoint.store.js';
import type { RelayObserver } from './relay-metrics.js';

export interface EventRelayOptions {
  name: string;
  batchSize: number;
  pollIntervalMs: number;
  backoff?: BackoffOptions;
}

type LogReader = Pick<PostgresEventStore, 'readAll'>;
type Checkpoints = Pick<RelayCheckpointStore, 'load' | 'save'>;

/**
 * Ships the log to Kafka in log order, at least once. Each batch is read with the store's gap-safe readAll
 * from the stored checkpoint, published, and only after Kafka acknowledged all of it is the checkpoint moved.
 * A crash anywhere in between means the batch is read and sent again: duplicates, never gaps. Failures (the
 * broker or the database down) are retried forever with backoff and logged; nothing is ever skipped.
 */
export class EventRelay {
  private checkpoint: Checkpoint | null = null;
  private failures = 0;

  constructor(
    private readonly log: LogReader,
    private readonly checkpoints: Checkpoints,
    private readonly publisher: EventPublisher,
    private readonly logger: Logger,
    private readonly options: EventRelayOptions,
    private readonly observer?: RelayObserver,
  ) {}

  /** Publishes one batch; returns how many events it shipped (0 when the relay has caught up). */
  async relayBatch(): Promise<number> {
    this.checkpoint ??= await this.checkpoints.load(this.options.name);
    const page = await this.log.readAll(this.checkpoint, this.options.batchSize);
    if (page.events.length === 0) return 0;
    await this.publisher.publish(page.events.map(toDraftEventMessage));
    await this.checkpoints.save(this.options.name, page.checkpoint);
    this.checkpoint = page.checkpoint;
    return page.events.length;
  }

  /** Relays until the signal aborts; a full batch is followed at once by the next, an empty one by a pause. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const startedAt = performance.now();
      try {
        const shipped = await this.relayBatch();
        this.observer?.batchRelayed(shipped, (performance.now() - startedAt) / 1000);
        if (this.failures > 0) this.logger.info({ afterFailures: this.failures }, 'relay recovered');
        this.failures = 0;
        if (shipped < this.options.batchSize) await sleep(this.options.pollIntervalMs, signal);
      } catch (error) {
        this.observer?.batchFailed((performance.now() - startedAt) / 1000);
        const delayMs = backoffDelay(this.failures, this.options.backoff);
        this.failures += 1;
        // Re-read the checkpoint after a failure: the save may or may not have reached the database.
        this.checkpoint = null;
        this.logger.warn(
          { error: (error as Error).message, attempt: this.failures, retryInMs: delayMs },
          'relay batch failed, retrying',
        );
        await sleep(delayMs, signal);
      }
    }
  }
}
