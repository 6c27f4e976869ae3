import { PostgresEventStore } from '@auction/event-store';
import { backoffDelay, createKafka, createLogger, sleep } from '@auction/kafka';
import pg from 'pg';
import { KafkaEventPublisher } from './event-publisher.js';
import { EventRelay } from './event-relay.js';
import { acquireLeaderLock } from './leader-lock.js';
import { readRelayConfig, type RelayConfig } from './relay-config.js';
import { RelayCheckpointStore } from './relay-checkpoint.store.js';

const logger = createLogger('relay');

async function main(): Promise<void> {
  let config: RelayConfig;
  try {
    config = readRelayConfig(process.env);
  } catch (error) {
    logger.error(`invalid configuration: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  const brokers = config.kafka.brokers;
  if (!brokers) {
    // Kafka is optional: without it the product runs, and there is simply nothing to relay to.
    logger.info('Kafka relay disabled: KAFKA_BROKERS is not set');
    return;
  }

  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());

  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    max: 2,
    application_name: 'auction-relay',
  });
  pool.on('error', () => undefined);
  const checkpoints = new RelayCheckpointStore(pool);
  await untilDone(() => checkpoints.ensureSchema(), 'creating relay_checkpoints', stop.signal);

  const leader = await acquireLeaderLock(config.databaseUrl, config.name, logger, stop.signal);
  if (!leader) return void (await pool.end());
  leader.lost.addEventListener('abort', () => {
    process.exitCode = 1;
    stop.abort();
  });

  const kafka = createKafka({
    brokers,
    clientId: config.kafka.clientId,
    logger,
    requestTimeout: config.requestTimeoutMs,
  });
  const publisher = new KafkaEventPublisher(kafka, config.kafka.topic, logger, config.kafka.idempotent);
  const relay = new EventRelay(new PostgresEventStore(pool), checkpoints, publisher, logger, config);
  logger.info(
    { brokers, topic: config.kafka.topic, relayName: config.name },
    'relaying the event log to Kafka',
  );
  await relay.run(stop.signal);

  logger.info('relay stopping');
  await publisher.close();
  await leader.release();
  await pool.end();
}

/** Retries a start-up step (the database may come up after the relay) until it succeeds or the relay stops. */
async function untilDone(step: () => Promise<void>, what: string, signal: AbortSignal): Promise<void> {
  for (let attempt = 0; !signal.aborted; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      const delayMs = backoffDelay(attempt);
      logger.warn({ error: (error as Error).message, retryInMs: delayMs }, `${what} failed, retrying`);
      await sleep(delayMs, signal);
    }
  }
}

main().catch((error: Error) => {
  logger.fatal({ err: error }, 'relay crashed');
  process.exit(1);
});
