import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createKafka, createLogger, messageKeyOf } from '@auction/kafka';
import {
  eventCount,
  forwardPort,
  freePort,
  rawHttpRequest,
  readTopicWithKcat,
  scriptedDraft,
  startMockCluster,
  stopProcess,
  type MockCluster,
} from '@auction/kafka/testing';
import { findSample, scrapeMetrics, type Sample } from '@auction/prometheus-text';
import { KafkaEventPublisher } from './event-publisher.js';
import { EventRelay } from './event-relay.js';
import { RelayCheckpointStore } from './relay-checkpoint.store.js';
import { assertCompleteAndOrdered, decodeKcatRecords } from './__tests__/message-checks.js';
import {
  appendAll,
  createTestDatabase,
  logEnd,
  spawnRelay,
  storedCheckpoint,
  waitFor,
  type RelayProcess,
  type TestDatabase,
} from './__tests__/relay-test-kit.js';

const logger = createLogger('relay-test', 'error');

describe('Kafka relay against a Kafka-protocol broker (librdkafka mock cluster)', () => {
  let cluster: MockCluster;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    cluster = await startMockCluster();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(() => cluster.stop());

  async function database(label: string): Promise<TestDatabase> {
    const db = await createTestDatabase(label);
    cleanups.push(() => db.drop());
    return db;
  }

  function relayProcess(env: Record<string, string>): RelayProcess {
    const relay = spawnRelay(env);
    cleanups.push(() => stopProcess(relay.child));
    return relay;
  }

  it('publishes every event of a scripted draft once, in order, keyed by draft, as kcat reads it', async () => {
    const db = await database('publish');
    const topic = 'draft-events-publish';
    const script = scriptedDraft();
    await appendAll(db.store, script.appends);
    const kafka = createKafka({
      brokers: cluster.bootstrapServers.split(','),
      clientId: 'relay-test',
      logger,
    });
    const publisher = new KafkaEventPublisher(kafka, topic, logger, false);
    cleanups.push(() => publisher.close());
    const checkpoints = new RelayCheckpointStore(db.pool);
    const relay = new EventRelay(db.store, checkpoints, publisher, logger, {
      name: 'main',
      batchSize: 7,
      pollIntervalMs: 10,
    });

    // Not "until a batch relays nothing": a transaction open anywhere on the server (another suite's, in another
    // database: transaction ids are the server's) holds the gap-safe reader back, and an empty batch then only means
    // "not yet" (CI run of 2026-11-29: 23 of 29 events relayed beside the event store's power-of-ten suite).
    const end = await logEnd(db);
    await waitFor('every event to be relayed', async () => {
      await relay.relayBatch();
      return (await storedCheckpoint(db.pool, 'main')) === end.globalPosition;
    });

    const delivered = decodeKcatRecords(await readTopicWithKcat(cluster.bootstrapServers, topic));
    expect(delivered).toHaveLength(eventCount(script));
    expect(assertCompleteAndOrdered(delivered)).toBe(eventCount(script));
    expect(new Set(delivered.map((d) => d.message.globalPosition)).size).toBe(eventCount(script));
    for (const { key, message } of delivered) expect(key).toBe(messageKeyOf(message.streamId));
    // One draft's events share a partition, so its order survives.
    for (const draftId of script.draftIds) {
      expect(new Set(delivered.filter((d) => d.key === draftId).map((d) => d.partition)).size).toBe(1);
    }
    const { events } = await db.store.readStream(`draft-${script.draftIds[0]}`);
    const published = delivered.find((d) => d.message.globalPosition === events[4]!.globalPosition)!.message;
    expect(published).toEqual({
      globalPosition: events[4]!.globalPosition,
      streamId: events[4]!.streamId,
      streamVersion: events[4]!.streamVersion,
      type: events[4]!.type,
      data: events[4]!.data,
      metadata: events[4]!.metadata,
      recordedAt: events[4]!.recordedAt.toISOString(),
      hash: events[4]!.hash,
    });
    expect(await checkpoints.load('main')).toEqual(await logEnd(db).then(({ events: _, ...cp }) => cp));
  });

  it('loses and reorders nothing when the relay process is SIGKILLed mid-stream and restarted', async () => {
    const db = await database('crash');
    const topic = 'draft-events-crash';
    const env = {
      DATABASE_URL: db.url,
      KAFKA_BROKERS: cluster.bootstrapServers,
      KAFKA_TOPIC: topic,
      RELAY_BATCH_SIZE: '5',
    };
    const drafts = Array.from({ length: 4 }, () => scriptedDraft());
    // Interleave the drafts' appends, as four live drafts would.
    const appends = drafts
      .flatMap((d) => d.appends.map((append, i) => ({ append, i })))
      .sort((a, b) => a.i - b.i);
    const total = drafts.reduce((sum, d) => sum + eventCount(d), 0) * 5;
    await appendAll(
      db.store,
      [...appends, ...appends].map(({ append }) => append),
    );

    const first = relayProcess(env);
    const writing = appendAll(
      db.store,
      [...appends, ...appends, ...appends].map(({ append }) => append),
    );
    await waitFor(
      'the relay to be mid-stream',
      async () => (await storedCheckpoint(db.pool, 'draft-events')) > 40,
      first.output,
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const positionAtKill = await storedCheckpoint(db.pool, 'draft-events');
    await writing;
    const end = await logEnd(db);
    expect(end.events).toBe(total);
    expect(positionAtKill).toBeLessThan(end.globalPosition);

    relayProcess(env);
    await waitFor(
      'the restarted relay to catch up',
      async () => (await storedCheckpoint(db.pool, 'draft-events')) === end.globalPosition,
    );

    const delivered = decodeKcatRecords(await readTopicWithKcat(cluster.bootstrapServers, topic));
    expect(assertCompleteAndOrdered(delivered)).toBe(total);
    expect(new Set(delivered.map((d) => d.message.globalPosition)).size).toBe(total);
  });

  it('retries while the broker is down at start, then catches up when it comes', async () => {
    const db = await database('late_broker');
    const topic = 'draft-events-late';
    const script = scriptedDraft();
    await appendAll(db.store, script.appends);
    const port = await freePort();
    const relay = relayProcess({
      DATABASE_URL: db.url,
      KAFKA_BROKERS: `127.0.0.1:${port}`,
      KAFKA_TOPIC: topic,
    });

    await waitFor('the relay to log a retry', async () =>
      relay.output.some((line) => line.includes('retrying')),
    );
    expect(await storedCheckpoint(db.pool, 'draft-events')).toBe(0);
    const forward = await forwardPort(port, cluster.bootstrapServers.split(',')[0]!);
    cleanups.push(() => forward.close());

    const end = await logEnd(db);
    await waitFor(
      'the relay to catch up',
      async () => (await storedCheckpoint(db.pool, 'draft-events')) === end.globalPosition,
    );
    const delivered = decodeKcatRecords(await readTopicWithKcat(cluster.bootstrapServers, topic));
    expect(assertCompleteAndOrdered(delivered)).toBe(eventCount(script));
    expect(relay.child.exitCode).toBeNull();
  });

  it('waits out a broker that hangs mid-run and publishes what was written meanwhile', async () => {
    const db = await database('hung_broker');
    const topic = 'draft-events-hung';
    const script = scriptedDraft();
    const half = Math.floor(script.appends.length / 2);
    const relay = relayProcess({
      DATABASE_URL: db.url,
      KAFKA_BROKERS: cluster.bootstrapServers,
      KAFKA_TOPIC: topic,
      KAFKA_REQUEST_TIMEOUT_MS: '1000',
    });
    await appendAll(db.store, script.appends.slice(0, half));
    const firstHalf = await logEnd(db);
    await waitFor(
      'the first half',
      async () => (await storedCheckpoint(db.pool, 'draft-events')) === firstHalf.globalPosition,
    );

    cluster.pause();
    try {
      await appendAll(db.store, script.appends.slice(half));
      await waitFor('the relay to notice the hung broker', async () =>
        relay.output.some((line) => line.includes('retrying')),
      );
      expect(await storedCheckpoint(db.pool, 'draft-events')).toBe(firstHalf.globalPosition);
    } finally {
      cluster.resume();
    }

    const end = await logEnd(db);
    await waitFor(
      'the relay to catch up',
      async () => (await storedCheckpoint(db.pool, 'draft-events')) === end.globalPosition,
    );
    const delivered = decodeKcatRecords(await readTopicWithKcat(cluster.bootstrapServers, topic));
    expect(assertCompleteAndOrdered(delivered)).toBe(eventCount(script));
  });

  it('serves /metrics on RELAY_METRICS_PORT: produce errors and lag while the broker is down, then no lag', async () => {
    const db = await database('metrics');
    const topic = 'draft-events-metrics';
    const script = scriptedDraft();
    await appendAll(db.store, script.appends);
    const [brokerPort, metricsPort] = [await freePort(), await freePort()];
    const relay = relayProcess({
      DATABASE_URL: db.url,
      KAFKA_BROKERS: `127.0.0.1:${brokerPort}`,
      KAFKA_TOPIC: topic,
      KAFKA_REQUEST_TIMEOUT_MS: '1000',
      RELAY_METRICS_PORT: String(metricsPort),
      RELAY_METRICS_HOST: '127.0.0.1',
    });
    const url = `http://127.0.0.1:${metricsPort}/metrics`;
    let samples: Sample[] = [];
    const value = (name: string, labels: Record<string, string> = {}) =>
      findSample(samples, name, labels)?.value;
    const scraped = async (check: () => boolean) => {
      samples = (await scrapeMetrics(url).catch(() => ({ samples: [] }))).samples;
      return check();
    };

    await waitFor(
      'a failed batch in the metrics',
      () => scraped(() => (value('relay_batches_total', { outcome: 'failed' }) ?? 0) >= 1),
      relay.output,
    );
    expect(value('relay_produce_errors_total')).toBeGreaterThanOrEqual(1);
    expect(value('relay_leader', { relay: 'draft-events' })).toBe(1);
    expect(value('relay_events_relayed_total')).toBe(0);
    expect(value('relay_lag_events')).toBe(eventCount(script));
    expect(value('relay_lag_seconds')).toBeGreaterThan(0);

    const forward = await forwardPort(brokerPort, cluster.bootstrapServers.split(',')[0]!);
    cleanups.push(() => forward.close());
    await waitFor(
      'the relay to catch up in its metrics',
      () =>
        scraped(
          () => value('relay_events_relayed_total') === eventCount(script) && value('relay_lag_events') === 0,
        ),
      relay.output,
    );
    expect(value('relay_lag_seconds')).toBe(0);
    expect(value('relay_batches_total', { outcome: 'relayed' })).toBeGreaterThanOrEqual(1);
    expect(value('relay_batch_duration_seconds_count', { outcome: 'relayed' })).toBeGreaterThanOrEqual(1);
    expect(value('process_cpu_seconds_total')).toBeDefined();
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
  });

  it('answers a request target that is not a URL with a 400 on its metrics port, and keeps running', async () => {
    const metricsPort = await freePort();
    // No database (the relay retries it): the metrics server is up before anything else.
    const relay = relayProcess({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unused',
      KAFKA_BROKERS: cluster.bootstrapServers,
      RELAY_METRICS_PORT: String(metricsPort),
      RELAY_METRICS_HOST: '127.0.0.1',
    });
    await waitFor(
      'the metrics server',
      async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`).catch(() => null))?.status === 200,
      relay.output,
    );

    // `new URL('//[', base)` throws: in the request listener, that was an uncaught exception and the relay exited.
    const answer = await rawHttpRequest(
      metricsPort,
      'GET //[ HTTP/1.1\r\nHost: relay\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toBe('HTTP/1.1 400 Bad Request');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
    expect(relay.child.exitCode).toBeNull();
  });

  it('exits 0 and says so when KAFKA_BROKERS is unset: Kafka is optional', async () => {
    const relay = relayProcess({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unused' });
    expect(await relay.exited).toBe(0);
    expect(relay.output.join('\n')).toContain('Kafka relay disabled: KAFKA_BROKERS is not set');
  });
});
