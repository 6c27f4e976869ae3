import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import type { Logger } from './json-logger.js';

export interface KafkaClientOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  /** Milliseconds a request may take; lower in tests so a stalled broker is noticed quickly. */
  requestTimeout?: number;
}

/**
 * A kafkajs client whose own retries are short: the relay and the consumer wrap every call in their own
 * endless backoff loop (a broker may be down for minutes), so kafkajs should give up and report quickly.
 */
export function createKafka(options: KafkaClientOptions): Kafka {
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    connectionTimeout: 3_000,
    requestTimeout: options.requestTimeout ?? 30_000,
    retry: { initialRetryTime: 200, maxRetryTime: 2_000, retries: 3 },
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => {
      const { message, ...fields } = entry.log;
      const text = `kafkajs ${entry.namespace}: ${message}`;
      if (entry.level <= logLevel.ERROR) options.logger.error(text, fields);
      else if (entry.level === logLevel.WARN) options.logger.warn(text, fields);
      else options.logger.debug(text, fields);
    },
  });
}
