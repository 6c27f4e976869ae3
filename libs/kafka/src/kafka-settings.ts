export const DEFAULT_TOPIC = 'draft-events';

export interface KafkaSettings {
  /** null when KAFKA_BROKERS is unset or empty: Kafka is optional and everything else runs without it. */
  brokers: string[] | null;
  topic: string;
  clientId: string;
  /**
   * Idempotent producer (default). KAFKA_IDEMPOTENT=false turns it off for brokers that cannot hand out a
   * producer id: librdkafka's mock cluster advertises controller id 0, which no broker has, and kafkajs asks
   * the controller for one. Order is kept either way (one request in flight); only broker-side dedupe is lost.
   */
  idempotent: boolean;
}

const BROKER = /^[A-Za-z0-9._-]+:\d{1,5}$/;
// Kafka's own rule for topic names.
const TOPIC = /^[A-Za-z0-9._-]{1,249}$/;

/** Reads KAFKA_BROKERS (comma-separated host:port), KAFKA_TOPIC and KAFKA_CLIENT_ID; a bad value names itself. */
export function readKafkaSettings(env: NodeJS.ProcessEnv, defaultClientId: string): KafkaSettings {
  const rawBrokers = env['KAFKA_BROKERS']?.trim() ?? '';
  const brokers = rawBrokers === '' ? null : rawBrokers.split(',').map((broker) => broker.trim());
  const badBroker = brokers?.find((broker) => !BROKER.test(broker));
  if (badBroker !== undefined) {
    throw new TypeError(`KAFKA_BROKERS must be comma-separated host:port pairs, got "${badBroker}"`);
  }
  const topic = env['KAFKA_TOPIC']?.trim() || DEFAULT_TOPIC;
  if (!TOPIC.test(topic)) throw new TypeError(`KAFKA_TOPIC is not a valid Kafka topic name: "${topic}"`);
  const clientId = env['KAFKA_CLIENT_ID']?.trim() || defaultClientId;
  const rawIdempotent = env['KAFKA_IDEMPOTENT']?.trim().toLowerCase() || 'true';
  if (rawIdempotent !== 'true' && rawIdempotent !== 'false') {
    throw new TypeError(`KAFKA_IDEMPOTENT must be true or false, got "${rawIdempotent}"`);
  }
  return { brokers, topic, clientId, idempotent: rawIdempotent === 'true' };
}
