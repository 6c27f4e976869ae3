import { describe, expect, it } from '@jest/globals';
import { createLogger, type DraftEventMessage } from '@auction/kafka';
import type { Kafka, Message, ProducerRecord } from 'kafkajs';
import { DEFAULT_MAX_REQUEST_BYTES, KafkaEventPublisher, inRequestsOf } from './event-publisher.js';

const silent = createLogger('publisher-spec', 'silent');

const message = (position: number, padding: number): DraftEventMessage => ({
  globalPosition: position,
  streamId: `draft-d${position % 3}`,
  streamVersion: position,
  type: 'ChatLikePadding',
  data: { text: 'x'.repeat(padding) },
  metadata: {},
  recordedAt: new Date(0).toISOString(),
  hash: null,
});

/** A kafkajs stand-in that records each produce request (the broker's size rule is asserted on what it got). */
function recordingKafka(failOnRequest?: number) {
  const requests: ProducerRecord[] = [];
  const kafka = {
    producer: () => ({
      connect: async () => undefined,
      disconnect: async () => undefined,
      send: async (record: ProducerRecord) => {
        if (requests.length + 1 === failOnRequest) {
          failOnRequest = undefined;
          throw new Error('broker went away');
        }
        requests.push(record);
        return [];
      },
    }),
  } as unknown as Kafka;
  return { kafka, requests };
}

const bytesOf = (records: Message[]) =>
  records.reduce((sum, record) => sum + Buffer.byteLength(record.value as string), 0);

describe('KafkaEventPublisher', () => {
  it("sends a batch larger than a broker's 1 MiB default in several requests, in log order", async () => {
    const { kafka, requests } = recordingKafka();
    const publisher = new KafkaEventPublisher(kafka, 'draft-events', silent, false);
    // 500 events (a relay batch) of ~4 KB: ~2 MB, which a real broker refuses as one record batch.
    const batch = Array.from({ length: 500 }, (_, i) => message(i + 1, 4_000));
    await publisher.publish(batch);

    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const request of requests) expect(bytesOf(request.messages)).toBeLessThan(DEFAULT_MAX_REQUEST_BYTES);
    const sent = requests.flatMap((request) =>
      request.messages.map((record) => JSON.parse(record.value as string)),
    );
    expect(sent.map((event: DraftEventMessage) => event.globalPosition)).toEqual(
      batch.map((e) => e.globalPosition),
    );
    expect(requests.every((request) => request.acks === -1 && request.topic === 'draft-events')).toBe(true);
  });

  it('keeps a small batch in one request', async () => {
    const { kafka, requests } = recordingKafka();
    await new KafkaEventPublisher(kafka, 'draft-events', silent, false).publish(
      Array.from({ length: 500 }, (_, i) => message(i + 1, 100)),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]!.messages).toHaveLength(500);
  });

  it('fails the whole batch when one of its requests fails, so the relay sends it again (at least once)', async () => {
    const { kafka, requests } = recordingKafka(2);
    const publisher = new KafkaEventPublisher(kafka, 'draft-events', silent, false, 100_000);
    const batch = Array.from({ length: 100 }, (_, i) => message(i + 1, 4_000));
    await expect(publisher.publish(batch)).rejects.toThrow('broker went away');
    expect(requests).toHaveLength(1);
  });
});

describe('inRequestsOf', () => {
  it('puts a record larger than the limit in a request of its own', () => {
    const records = [{ value: 'a' }, { value: 'b'.repeat(2_000) }, { value: 'c' }];
    expect(inRequestsOf(records, 1_000).map((request) => request.map((r) => (r.value as string)[0]))).toEqual(
      [['a'], ['b'], ['c']],
    );
  });

  it('counts keys, headers and multi-byte text in bytes, not characters', () => {
    const wide = { key: 'k', value: '€'.repeat(300), headers: { 'event-type': 'BidPlaced' } };
    // 900 bytes of value each: two fit under 2,000 bytes, three do not.
    expect(inRequestsOf([wide, wide, wide], 2_000).map((request) => request.length)).toEqual([2, 1]);
  });
});
