import { backoffDelay, createKafka, sleep, type Logger } from '@auction/kafka';
import type http from 'node:http';
import pg from 'pg';
import { summariseFigures, type OpsFigures } from '@auction/ops-figures';
import type { OpsConfig } from './ops-config.js';
import { OpsConsumer } from './ops-consumer.js';
import { createOpsHttpServer } from './ops-http.js';
import { OpsMetrics } from './ops-metrics.js';
import { OpsStore } from './ops.store.js';

/** The whole ops process: schema, consumer group, periodic lag measurement and the HTTP read API. */
export class OpsService {
  readonly store: OpsStore;
  readonly consumer: OpsConsumer;
  readonly metrics = new OpsMetrics();
  private readonly pool: pg.Pool;
  private readonly server: http.Server;
  private readonly stopping = new AbortController();
  private lagLoop: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: OpsConfig & { kafka: { brokers: string[] } },
    private readonly logger: Logger,
  ) {
    this.pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 4,
      application_name: 'auction-ops',
    });
    this.pool.on('error', () => undefined);
    this.store = new OpsStore(this.pool, config.relayName);
    const kafka = createKafka({ brokers: config.kafka.brokers, clientId: config.kafka.clientId, logger });
    this.consumer = new OpsConsumer(
      kafka,
      this.store,
      logger,
      { topic: config.kafka.topic, groupId: config.groupId, fromBeginning: true },
      this.metrics,
    );
    this.server = createOpsHttpServer(() => this.figures(), this.metrics.registry);
  }

  figures(now = new Date()): Promise<OpsFigures> {
    return this.store.readAggregates(this.config.kafka.topic, now).then((a) => summariseFigures(a, now));
  }

  /** Starts everything, retrying (with backoff, logged) while PostgreSQL or Kafka are not there yet. */
  async start(): Promise<number> {
    await this.retry('creating the ops tables', () => this.store.ensureSchema());
    await new Promise<void>((resolve) => this.server.listen(this.config.port, this.config.host, resolve));
    await this.retry('joining the consumer group', () => this.consumer.start());
    this.lagLoop = this.measureLagForever();
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : this.config.port;
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.consumer.stop();
    await this.lagLoop;
    // Prometheus keeps its connection open between scrapes: close it, or close() waits for it.
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    await this.pool.end();
  }

  private async measureLagForever(): Promise<void> {
    while (!this.stopping.signal.aborted) {
      await this.consumer.measureLag().catch((error: Error) => {
        this.logger.warn({ error: error.message }, 'could not measure consumer lag');
      });
      await sleep(this.config.lagIntervalMs, this.stopping.signal);
    }
  }

  private async retry(what: string, step: () => Promise<void>): Promise<void> {
    for (let attempt = 0; !this.stopping.signal.aborted; attempt += 1) {
      try {
        return await step();
      } catch (error) {
        const delayMs = backoffDelay(attempt);
        this.logger.warn({ error: (error as Error).message, retryInMs: delayMs }, `${what} failed, retrying`);
        await sleep(delayMs, this.stopping.signal);
      }
    }
  }
}
