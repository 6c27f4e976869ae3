import { PostgresEventStore } from '@auction/event-store';
import { backoffDelay, createKafka, createLogger, sleep } from '@auction/kafka';
import pg from 'pg';
import { countingProduceErrors, KafkaEventPublisher } from './event-publisher.js';
import { EventRelay } from './event-relay.js';
import { acquireLeaderLock } from './leader-lock.js';
import { closeServer, createMetricsServer, listen } from './metrics-server.js';
import { readRelayConfig, type RelayConfig } from './relay-config.js';
import { RelayCheckpointStore } from './relay-checkpoint.store.js';
import { RelayMetrics } from './relay-metrics.js';

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
    // The relay loop uses one at a time; the others serve metrics scrapes without waiting behind a batch.
    max: 3,
    application_name: 'auction-relay',
  });
  pool.on('error', () => undefined);
  const metrics = new RelayMetrics(pool, config.name);
  // Before the leader lock: a standby is scraped too (relay_leader 0, and the active relay's lag).
  const metricsServer = config.metrics.port > 0 ? createMetricsServer(metrics.registry) : null;
  if (metricsServer) {
    // Relaying matters more than being scraped: a port in use is logged (and the target shows down), not fatal.
    await listen(metricsServer, config.metrics.port, config.metrics.host).then(
      (port) => logger.info({ metrics: `http://${config.metrics.host}:${port}/metrics` }, 'serving metrics'),
      (error: Error) => logger.error({ error: error.message }, 'metrics server not started'),
    );
  }
  const checkpoints = new RelayCheckpointStore(pool);
  await untilDone(() => checkpoints.ensureSchema(), 'creating relay_checkpoints', stop.signal);

  const leader = await acquireLeaderLock(config.databaseUrl, config.name, logger, stop.signal);
  if (!leader) {
    await closeServer(metricsServer);
    return void (await pool.end());
  }
  metrics.setLeader(true);
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
  const publisher = countingProduceErrors(
    new KafkaEventPublisher(
      kafka,
      config.kafka.topic,
      logger,
      config.kafka.idempotent,
      config.maxRequestBytes,
    ),
    () => metrics.produceFailed(),
  );
  const relay = new EventRelay(new PostgresEventStore(pool), checkpoints, publisher, logger, config, metrics);
  logger.info(
    { brokers, topic: config.kafka.topic, relayName: config.name },
    'relaying the event log to Kafka',
  );
  await relay.run(stop.signal);

  logger.info('relay stopping');
  metrics.setLeader(false);
  await publisher.close();
  await leader.release();
  await closeServer(metricsServer);
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
