import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createKafka, createLogger } from '@auction/kafka';
import { startMockCluster, type MockCluster } from '@auction/kafka/testing';
import type { OpsFigures } from '@auction/ops-figures';
import type { Producer } from 'kafkajs';
import { OpsService } from './ops-service.js';
import { createTestDatabase, waitFor, type TestDatabase } from './__tests__/ops-test-kit.js';

const logger = createLogger('ops-hostile-test', 'error');
const TOPIC = 'draft-events-hostile';

describe('ops consumer: hostile messages on the topic', () => {
  let cluster: MockCluster;
  let db: TestDatabase;
  let ops: OpsService;
  let producer: Producer;

  beforeAll(async () => {
    cluster = await startMockCluster();
    db = await createTestDatabase('hostile');
    const brokers = cluster.bootstrapServers.split(',');
    producer = createKafka({ brokers, clientId: 'ops-hostile-producer', logger }).producer({
      allowAutoTopicCreation: true,
    });
    await producer.connect();
    ops = new OpsService(
      {
        databaseUrl: db.url,
        kafka: { brokers, topic: TOPIC, clientId: 'ops-hostile', idempotent: false },
        groupId: 'ops-hostile',
        relayName: 'draft-events',
        host: '127.0.0.1',
        port: 0,
        lagIntervalMs: 200,
      },
      logger,
    );
  });
  afterAll(async () => {
    await ops.stop();
    await producer.disconnect();
    await db.drop();
    await cluster.stop();
  });

  it('skips what its tables cannot hold, counts nothing twice, and goes on with the messages after it', async () => {
    const draftId = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    const now = Date.now();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1_000).toISOString();
    let position = 0;
    const event = (type: string, data: Record<string, unknown>, streamId = `draft-${draftId}`) => {
      position += 1;
      return {
        globalPosition: position,
        streamId,
        streamVersion: position,
        type,
        data,
        metadata: {},
        recordedAt: new Date(now).toISOString(),
        hash: null,
      };
    };
    const bid = (auctionId: string, secondsAgo: number, deadlineSecondsAgo: number) =>
      event('BidPlaced', {
        auctionId,
        teamId: 't',
        amount: 2,
        at: at(secondsAgo),
        deadline: at(deadlineSecondsAgo),
      });
    const values: string[] = [];
    const send = (message: object | string) =>
      values.push(typeof message === 'string' ? message : JSON.stringify(message));
    send(event('DraftStarted', {}));
    send(event('PlayerNominated', { auctionId: first, nominatedAt: at(60), deadline: at(30) }));
    // Well-formed messages with data ops cannot use: times that are not times, a NUL, an id too long to index.
    send(event('BidPlaced', { auctionId: first, teamId: 't', amount: 2, at: 'half past', deadline: at(20) }));
    send(event('BidPlaced', { auctionId: 'a\u0000b', teamId: 't', amount: 2, at: at(55), deadline: at(20) }));
    send(event('DraftStarted', {}, `draft-${randomBytes(20_000).toString('hex')}`));
    // Not a message at all; a message twice in a row (a producer's retry); a huge one.
    send('not json');
    const valid = JSON.stringify(bid(first, 50, 20));
    send(valid);
    send(valid);
    send(
      event('BidPlaced', {
        auctionId: first,
        teamId: 't',
        amount: 3,
        at: at(45),
        deadline: at(15),
        padding: 'x'.repeat(3_000_000),
      }),
    );
    // The first auction ends at a time that is not one: closed, its length unknown.
    send(
      event('AuctionCompleted', { auctionId: first, winnerTeamId: 't', winningBid: 2, completedAt: 'soon' }),
    );
    send(event('PlayerNominated', { auctionId: second, nominatedAt: at(40), deadline: at(10) }));
    send(bid(second, 11, 10));
    send(
      event('AuctionCompleted', { auctionId: second, winnerTeamId: 't', winningBid: 2, completedAt: at(5) }),
    );
    send(event('DraftCompleted', { completedAt: at(4) }));
    // A redelivery of an earlier bid, after the draft moved on.
    send(valid);
    for (const value of values) {
      await producer.send({ topic: TOPIC, messages: [{ key: draftId, value }] });
    }

    await ops.start();
    let figures: OpsFigures | undefined;
    await waitFor(
      'the consumer to get past the hostile messages',
      async () => {
        figures = await ops.figures();
        return figures.draftsByStatus['completed'] === 1;
      },
      30_000,
    ).catch((error: Error) => {
      throw new Error(
        `${error.message}: received ${ops.consumer.received} of ${values.length}, ${JSON.stringify(figures)}`,
      );
    });
    expect(figures).toMatchObject({
      draftsByStatus: { completed: 1 },
      bids: 3,
      completedAuctions: 1,
      averageAuctionLengthMs: 35_000,
      lastSecondBids: { count: 1, ofBids: 3 },
    });
  }, 60_000);
});
