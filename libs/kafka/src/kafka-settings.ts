export const DEFAULT_TOPIC = 'draft-events';

export interface KafkaSettings {
  /** null when KAFKA_BROKERS is unset or empty: Kafka is optional and everything else runs without it. */
  brokers: string[] | null;
  topic: string;
  clientId: string;
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
  return { brokers, topic, clientId };
}
