import { messageKeyOf, type DraftEventMessage, type Logger } from '@auction/kafka';
import type { Kafka, Message, Producer } from 'kafkajs';

/**
 * A real broker refuses a record batch over its `message.max.bytes` (topic: `max.message.bytes`), 1 MiB + 12 bytes
 * by default, with MESSAGE_TOO_LARGE; the relay would retry that batch forever and ship nothing after it. A request
 * holds at most this much (under the default, with room for the batch's own framing), so it never meets the limit.
 */
export const DEFAULT_MAX_REQUEST_BYTES = 1_000_000;
/** A record's framing besides its key, value and headers: length, attributes, offset and time deltas (varints). */
const RECORD_OVERHEAD_BYTES = 32;
const BATCH_OVERHEAD_BYTES = 61;

/** The records in send order, cut into requests of at most `maxBytes` each (a record larger than that alone). */
export function inRequestsOf(records: readonly Message[], maxBytes: number): Message[][] {
  const requests: Message[][] = [];
  let current: Message[] = [];
  let bytes = BATCH_OVERHEAD_BYTES;
  for (const record of records) {
    const size = recordBytes(record);
    if (current.length > 0 && bytes + size > maxBytes) {
      requests.push(current);
      current = [];
      bytes = BATCH_OVERHEAD_BYTES;
    }
    current.push(record);
    bytes += size;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

function recordBytes({ key, value, headers }: Message): number {
  let bytes = RECORD_OVERHEAD_BYTES + byteLength(key) + byteLength(value);
  for (const [name, header] of Object.entries(headers ?? {}))
    bytes +=
      8 +
      Buffer.byteLength(name) +
      (Array.isArray(header) ? header : [header]).reduce((sum: number, one) => sum + byteLength(one), 0);
  return bytes;
}

function byteLength(data: string | Buffer | null | undefined): number {
  if (data === null || data === undefined) return 0;
  return typeof data === 'string' ? Buffer.byteLength(data) : data.length;
}

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
    private readonly maxRequestBytes = DEFAULT_MAX_REQUEST_BYTES,
  ) {}

  async publish(messages: readonly DraftEventMessage[]): Promise<void> {
    if (messages.length === 0) return;
    try {
      const producer = await this.connected();
      const records = messages.map((message) => ({
        key: messageKeyOf(message.streamId),
        value: JSON.stringify(message),
        headers: { 'event-type': message.type, 'global-position': String(message.globalPosition) },
      }));
      // One request after the other (one in flight): a partition's records stay in log order across them.
      for (const request of inRequestsOf(records, this.maxRequestBytes))
        await producer.send({ topic: this.topic, acks: -1, messages: request });
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
