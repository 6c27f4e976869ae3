import { describe, expect, it } from '@jest/globals';
import { START, type Checkpoint, type RecordedEvent } from '@auction/event-store';
import { createLogger, type DraftEventMessage } from '@auction/kafka';
import { EventRelay } from './event-relay.js';
import { readRelayConfig } from './relay-config.js';

const silent = createLogger('relay-spec', 'silent');

const event = (position: number): RecordedEvent => ({
  globalPosition: position,
  streamId: 'draft-d1',
  streamVersion: position,
  type: 'BidPlaced',
  data: {},
  metadata: {},
  transactionId: String(100 + position),
  recordedAt: new Date(0),
});

/** A log of n events paged like readAll, checkpoints in memory, and a publisher that fails on demand. */
function harness(n: number) {
  const log = Array.from({ length: n }, (_, i) => event(i + 1));
  const saved: Checkpoint[] = [];
  const published: DraftEventMessage[] = [];
  let failNext = 0;
  const relay = new EventRelay(
    {
      readAll: async (after: Checkpoint, limit: number) => {
        const events = log.filter((e) => e.globalPosition > after.globalPosition).slice(0, limit);
        const last = events.at(-1);
        return {
          events,
          checkpoint: last
            ? { transactionId: last.transactionId, globalPosition: last.globalPosition }
            : after,
        };
      },
    },
    {
      load: async () => saved.at(-1) ?? START,
      save: async (_name, checkpoint) => void saved.push(checkpoint),
    },
    {
      publish: async (messages) => {
        if (failNext-- > 0) throw new Error('broker down');
        published.push(...messages);
      },
      close: async () => undefined,
    },
    silent,
    { name: 'test', batchSize: 2, pollIntervalMs: 1, backoff: { initialMs: 1, maxMs: 2 } },
  );
  return { relay, saved, published, failNextPublishes: (count: number) => (failNext = count) };
}

describe('EventRelay', () => {
  it('moves the checkpoint only after a batch is published', async () => {
    const { relay, saved, published, failNextPublishes } = harness(3);
    failNextPublishes(1);
    await expect(relay.relayBatch()).rejects.toThrow('broker down');
    expect(saved).toEqual([]);

    expect(await relay.relayBatch()).toBe(2);
    expect(await relay.relayBatch()).toBe(1);
    expect(await relay.relayBatch()).toBe(0);
    expect(published.map((m) => m.globalPosition)).toEqual([1, 2, 3]);
    expect(saved.map((c) => c.globalPosition)).toEqual([2, 3]);
  });

  it('keeps retrying failed batches in run() and skips nothing', async () => {
    const { relay, published, failNextPublishes } = harness(5);
    failNextPublishes(3);
    const stop = new AbortController();
    const running = relay.run(stop.signal);
    for (let i = 0; i < 200 && published.length < 5; i += 1) await new Promise((r) => setTimeout(r, 5));
    stop.abort();
    await running;
    expect(published.map((m) => m.globalPosition)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('readRelayConfig', () => {
  it('has defaults and names a bad number', () => {
    expect(readRelayConfig({})).toMatchObject({
      name: 'draft-events',
      batchSize: 500,
      kafka: { brokers: null },
    });
    expect(() => readRelayConfig({ RELAY_BATCH_SIZE: '0' })).toThrow(/RELAY_BATCH_SIZE/);
  });

  it('serves metrics on RELAY_METRICS_PORT, 3101 unless set, 0 meaning off', () => {
    expect(readRelayConfig({}).metrics).toEqual({ port: 3101, host: '0.0.0.0' });
    expect(readRelayConfig({ RELAY_METRICS_PORT: '0', RELAY_METRICS_HOST: '127.0.0.1' }).metrics).toEqual({
      port: 0,
      host: '127.0.0.1',
    });
    expect(() => readRelayConfig({ RELAY_METRICS_PORT: '70000' })).toThrow(/RELAY_METRICS_PORT/);
  });
});
