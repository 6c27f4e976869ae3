import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import type { Logger } from './logger.js';

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
      // kafkajs' lines go through the same pino logger (which stamps its own time); their fields stay fields.
      const { message, timestamp: _timestamp, logger: _logger, ...fields } = entry.log;
      const text = `kafkajs ${entry.namespace}: ${message}`;
      if (entry.level <= logLevel.ERROR) options.logger.error(fields, text);
      else if (entry.level === logLevel.WARN) options.logger.warn(fields, text);
      else options.logger.debug(fields, text);
    },
  });
}
