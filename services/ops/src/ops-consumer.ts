import { performance } from 'node:perf_hooks';
import { parseDraftEventMessage, type DraftEventMessage, type Logger } from '@auction/kafka';
import type { Admin, Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { computeConsumerLag } from '@auction/ops-figures';
import type { OpsObserver } from './ops-metrics.js';
import type { OpsStore } from './ops.store.js';

export interface OpsConsumerOptions {
  topic: string;
  groupId: string;
  /** Read the topic from its beginning when the group has no committed offsets yet. */
  fromBeginning: boolean;
}

/**
 * A kafkajs consumer group turning the topic into ops rows. A batch is stored (one transaction) before its
 * offsets are committed, so a crash in between redelivers it and the store's per-draft position check drops
 * the repeats. A record that is not a draft event message, or one whose data the tables refuse, is logged and
 * skipped: it can never become valid.
 */
export class OpsConsumer {
  private readonly consumer: Consumer;
  private readonly admin: Admin;
  /** Messages received (duplicates included), for tests and the health endpoint. */
  received = 0;

  constructor(
    kafka: Kafka,
    private readonly store: OpsStore,
    private readonly logger: Logger,
    private readonly options: OpsConsumerOptions,
    private readonly observer?: OpsObserver,
  ) {
    this.consumer = kafka.consumer({ groupId: options.groupId, allowAutoTopicCreation: true });
    this.admin = kafka.admin();
  }

  async start(): Promise<void> {
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: [this.options.topic],
      fromBeginning: this.options.fromBeginning,
    });
    await this.consumer.run({ autoCommit: false, eachBatch: (payload) => this.handleBatch(payload) });
  }

  private async handleBatch(payload: EachBatchPayload) {
    const startedAt = performance.now();
    try {
      const { applied, invalid } = await this.storeBatch(payload);
      const seconds = (performance.now() - startedAt) / 1000;
      this.observer?.batchStored(payload.batch.messages.length, applied, invalid, seconds);
    } catch (error) {
      this.observer?.batchFailed((performance.now() - startedAt) / 1000);
      throw error;
    }
  }

  private async storeBatch({ batch, resolveOffset, heartbeat }: EachBatchPayload) {
    const messages: DraftEventMessage[] = [];
    for (const record of batch.messages) {
      try {
        messages.push(parseDraftEventMessage(record.value));
      } catch (error) {
        this.logger.warn(
          { partition: batch.partition, offset: record.offset, error: (error as Error).message },
          'skipping a record that is not a draft event message',
        );
      }
    }
    const { applied, refused } = await this.store.applyBatch(messages);
    for (const { message, reason } of refused) {
      this.logger.warn(
        {
          partition: batch.partition,
          globalPosition: message.globalPosition,
          type: message.type,
          error: reason,
        },
        'skipping a draft event message the ops tables cannot hold',
      );
    }
    this.received += batch.messages.length;
    const last = batch.messages.at(-1);
    if (last) {
      resolveOffset(last.offset);
      // Committed only now that the batch is stored: the committed offset is the next record to read.
      const next = (BigInt(last.offset) + 1n).toString();
      await this.consumer.commitOffsets([{ topic: batch.topic, partition: batch.partition, offset: next }]);
    }
    await heartbeat();
    return { applied, invalid: batch.messages.length - messages.length + refused.length };
  }

  /** High-water marks against the group's committed offsets, stored for the figures. */
  async measureLag(): Promise<void> {
    await this.admin.connect();
    const [offsets, committed] = await Promise.all([
      this.admin.fetchTopicOffsets(this.options.topic),
      this.admin.fetchOffsets({ groupId: this.options.groupId, topics: [this.options.topic] }),
    ]);
    const committedByPartition = new Map(
      (committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)] as const),
    );
    const lag = computeConsumerLag(
      offsets.map((o) => ({ partition: o.partition, high: Number(o.high), low: Number(o.low) })),
      committedByPartition,
    );
    await this.store.saveConsumerLag(this.options.topic, lag, new Date());
    this.observer?.lagMeasured(this.options.topic, lag);
  }

  async stop(): Promise<void> {
    await Promise.allSettled([this.consumer.disconnect(), this.admin.disconnect()]);
  }
}
