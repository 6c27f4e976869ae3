export { readKafkaSettings, DEFAULT_TOPIC, type KafkaSettings } from './kafka-settings.js';
export {
  draftIdOf,
  messageKeyOf,
  parseDraftEventMessage,
  toDraftEventMessage,
  type DraftEventMessage,
  type LoggedEvent,
} from './draft-event-message.js';
export { backoffDelay, sleep, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
export { createLogger, type Logger, type LogLevel } from './logger.js';
export { createKafka, type KafkaClientOptions } from './kafka-client.js';
