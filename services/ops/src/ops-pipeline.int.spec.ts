import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '@auction/event-store';
import { createLogger, parseDraftEventMessage } from '@auction/kafka';
import {
  eventCount,
  readTopicWithKcat,
  scriptedDraft,
  startMockCluster,
  stopProcess,
  type MockCluster,
  type ScriptedDraft,
} from '@auction/kafka/testing';
import { findSample, scrapeMetrics, type Sample } from '@auction/prometheus-text';
import type { ChildProcess } from 'node:child_process';
import type { OpsFigures } from '@auction/ops-figures';
import { OpsService } from './ops-service.js';
import { createTestDatabase, spawnRelay, waitFor, type TestDatabase } from './__tests__/ops-test-kit.js';

const logger = createLogger('ops-test', 'error');
const TOPIC = 'draft-events-ops';

describe('ops pipeline: event store → relay → Kafka (mock cluster) → ops consumer → figures', () => {
  let cluster: MockCluster;
  let db: TestDatabase;
  let relay: ChildProcess;
  let script: ScriptedDraft;
  const services: OpsService[] = [];
  /** The HTTP port of the first test's service, which consumed the whole topic. */
  let firstPort = 0;

  function opsService(groupId: string): OpsService {
    const service = new OpsService(
      {
        databaseUrl: db.url,
        kafka: {
          brokers: cluster.bootstrapServers.split(','),
          topic: TOPIC,
          clientId: 'ops-test',
          idempotent: false,
        },
        groupId,
        relayName: 'draft-events',
        host: '127.0.0.1',
        port: 0,
        lagIntervalMs: 200,
      },
      logger,
    );
    services.push(service);
    return service;
  }

  beforeAll(async () => {
    cluster = await startMockCluster();
    db = await createTestDatabase('pipeline');
    script = scriptedDraft();
    const store = new PostgresEventStore(db.pool);
    for (const append of script.appends)
      await store.append(append.streamId, append.events, { expectedVersion: 'any' });
    relay = spawnRelay({
      DATABASE_URL: db.url,
      KAFKA_BROKERS: cluster.bootstrapServers,
      KAFKA_TOPIC: TOPIC,
      RELAY_POLL_MS: '50',
    });
  });
  afterAll(async () => {
    for (const service of services) await service.stop();
    await stopProcess(relay);
    await db.drop();
    await cluster.stop();
  });

  it('computes the scripted draft’s figures, serves them over HTTP, and kcat sees every event once', async () => {
    const ops = opsService('ops-figures');
    const port = await ops.start();
    firstPort = port;
    const total = eventCount(script);
    await waitFor('the consumer to see every event', async () => ops.consumer.received >= total);
    let lastSeen: OpsFigures | undefined;
    await waitFor('lag to settle', async () => {
      lastSeen = await ops.figures();
      return lastSeen.relayLag?.events === 0 && lastSeen.consumerLag?.messages === 0;
    }).catch((error: Error) => {
      throw new Error(
        `${error.message}: ${JSON.stringify({ relay: lastSeen?.relayLag, consumer: lastSeen?.consumerLag })}`,
      );
    });

    const response = await fetch(`http://127.0.0.1:${port}/ops/figures`);
    expect(response.status).toBe(200);
    const figures = ((await response.json()) as { data: OpsFigures }).data;
    const { expected } = script;
    expect(figures).toMatchObject({
      activeDrafts: expected.activeDrafts,
      draftsByStatus: { active: expected.activeDrafts, completed: expected.completedDrafts },
      bids: expected.bids,
      completedAuctions: expected.completedAuctions,
      averageAuctionLengthMs: expected.averageAuctionMs,
      lastSecondBids: {
        count: expected.lastSecondBids,
        ofBids: expected.bids,
        share: expected.lastSecondBids / expected.bids,
      },
      bidsPerMinute: { lastMinute: expected.bidsInLastMinute },
      relayLag: { events: 0, ms: 0 },
      consumerLag: { messages: 0 },
    });
    expect(figures.bidsPerMinute.series).toHaveLength(30);
    expect(figures.bidsPerMinute.series.reduce((sum, m) => sum + m.bids, 0)).toBe(expected.bids);
    expect(figures.relayLag!.relayedPosition).toBe(figures.relayLag!.newestPosition);

    const records = await readTopicWithKcat(cluster.bootstrapServers, TOPIC);
    const positions = records.map((r) => parseDraftEventMessage(r.payload).globalPosition);
    expect(new Set(positions).size).toBe(total);
    expect(records).toHaveLength(total);
    expect((await fetch(`http://127.0.0.1:${port}/nope`)).status).toBe(404);
  });

  it('counts nothing twice when every message is delivered again (a second group on the same tables)', async () => {
    const before = await services[0]!.figures();
    const replay = opsService('ops-figures-replay');
    await replay.start();
    await waitFor(
      'the replaying group to see every event',
      async () => replay.consumer.received >= eventCount(script),
    );

    const after = await replay.figures(new Date(before.generatedAt));
    expect({ ...after, consumerLag: null, relayLag: null }).toEqual({
      ...before,
      consumerLag: null,
      relayLag: null,
    });
  });

  it('serves Prometheus metrics at GET /metrics: records consumed by result, batches, lag per partition', async () => {
    const url = `http://127.0.0.1:${firstPort}/metrics`;
    let samples: Sample[] = [];
    await waitFor('a consumer lag of 0 in the metrics', async () => {
      samples = (await scrapeMetrics(url)).samples;
      const lags = samples.filter(
        (s) => s.name === 'ops_consumer_lag_messages' && s.labels['topic'] === TOPIC,
      );
      return lags.length > 0 && lags.every((s) => s.value === 0);
    });
    const consumed = (result: string) =>
      findSample(samples, 'ops_messages_consumed_total', { result })?.value;
    const draftEvents = script.appends
      .filter((append) => append.streamId.startsWith('draft-'))
      .reduce((sum, append) => sum + append.events.length, 0);
    expect(consumed('applied')).toBe(draftEvents);
    expect(consumed('invalid')).toBe(0);
    expect(consumed('applied')! + consumed('unchanged')! + consumed('invalid')!).toBe(
      services[0]!.consumer.received,
    );
    expect(findSample(samples, 'ops_batches_total', { outcome: 'stored' })?.value).toBeGreaterThanOrEqual(1);
    expect(
      findSample(samples, 'ops_batch_duration_seconds_count', { outcome: 'stored' })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(findSample(samples, 'process_cpu_seconds_total')).toBeDefined();
    expect((await fetch(url)).headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });
});
