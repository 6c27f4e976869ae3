import { messageKeyOf, type DraftEventMessage, type Logger } from '@auction/kafka';
import type { Kafka, Producer } from 'kafkajs';

export interface EventPublisher {
  /** Resolves only once every message is acknowledged by all in-sync replicas; rejects otherwise. */
  publish(messages: readonly DraftEventMessage[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * kafkajs producer with acks from all in-sync replicas and one request in flight, so a retried request can
 * never overtake a later one: a partition's records stay in send order. Idempotent unless configured off (the
 * broker then also drops a retried duplicate of a record it already has). Connects on first use and after any
 * failure, so a broker that was down or went away is picked up again.
 */
/** Counts failed produce requests for the relay's metrics, passing everything through. */
export function countingProduceErrors(publisher: EventPublisher, onError: () => void): EventPublisher {
  return {
    publish: (messages) =>
      publisher.publish(messages).catch((error: unknown) => {
        onError();
        throw error;
      }),
    close: () => publisher.close(),
  };
}

export class KafkaEventPublisher implements EventPublisher {
  private producer: Producer | null = null;

  constructor(
    private readonly kafka: Kafka,
    private readonly topic: string,
    private readonly logger: Logger,
    private readonly idempotent = true,
  ) {}

  async publish(messages: readonly DraftEventMessage[]): Promise<void> {
    if (messages.length === 0) return;
    try {
      const producer = await this.connected();
      await producer.send({
        topic: this.topic,
        acks: -1,
        messages: messages.map((message) => ({
          key: messageKeyOf(message.streamId),
          value: JSON.stringify(message),
          headers: { 'event-type': message.type, 'global-position': String(message.globalPosition) },
        })),
      });
    } catch (error) {
      await this.reset();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.reset();
  }

  private async connected(): Promise<Producer> {
    if (this.producer) return this.producer;
    const producer = this.kafka.producer({
      idempotent: this.idempotent,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: true,
    });
    await producer.connect();
    this.logger.info({ topic: this.topic }, 'connected to Kafka');
    this.producer = producer;
    return producer;
  }

  private async reset(): Promise<void> {
    const producer = this.producer;
    this.producer = null;
    await producer?.disconnect().catch(() => undefined);
  }
}
