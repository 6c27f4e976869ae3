import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from './postgres-event-store.js';
import { WrongExpectedVersionError } from './wrong-expected-version.error.js';
import { createTestDatabase, uniqueStream, type TestDatabase } from './__tests__/test-database.js';

describe('append: optimistic concurrency under real contention', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('concurrency', 25);
    store = new PostgresEventStore(db.pool);
  });
  afterAll(() => db.drop());

  async function raceFiftyWriters(streamId: string, expectedVersion: number | 'no_stream') {
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, writer) =>
        store.append(
          streamId,
          [
            { type: 'BidPlaced', data: { writer, bid: 1 } },
            { type: 'BidPlaced', data: { writer, bid: 2 } },
          ],
          { expectedVersion },
        ),
      ),
    );
    const winners = results.filter((r) => r.status === 'fulfilled');
    const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    return { winners, losers };
  }

  it('lets exactly one of 50 writers at the same expected version win on an existing stream', async () => {
    const streamId = uniqueStream('draft');
    await store.append(streamId, [{ type: 'DraftCreated', data: {} }], { expectedVersion: 'no_stream' });

    const { winners, losers } = await raceFiftyWriters(streamId, 1);

    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers) {
      expect(loser.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(loser.reason).toMatchObject({ streamId, expected: 1, actual: 3 });
    }
    const winner = (winners[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof store.append>>>).value;
    expect(winner.nextExpectedVersion).toBe(3);
    const { events, version } = await store.readStream(streamId);
    expect(version).toBe(3);
    expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(events.slice(1)).toEqual(winner.recorded);
    const winningWriter = (winner.recorded[0]!.data as { writer: number }).writer;
    expect(events.slice(1).map((e) => e.data)).toEqual([
      { writer: winningWriter, bid: 1 },
      { writer: winningWriter, bid: 2 },
    ]);
  });

  it("lets exactly one of 50 writers create a new stream with 'no_stream'", async () => {
    const streamId = uniqueStream('draft');

    const { winners, losers } = await raceFiftyWriters(streamId, 'no_stream');

    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    expect(losers.every((l) => l.reason instanceof WrongExpectedVersionError && l.reason.actual === 2)).toBe(
      true,
    );
    const { events, version } = await store.readStream(streamId);
    expect(version).toBe(2);
    expect(new Set(events.map((e) => (e.data as { writer: number }).writer)).size).toBe(1);
  });

  it("appends every one of 50 concurrent 'any' writers, with gapless versions", async () => {
    const streamId = uniqueStream('chat');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, writer) =>
        store.append(streamId, [{ type: 'ChatMessage', data: { writer } }], { expectedVersion: 'any' }),
      ),
    );
    expect(results.map((r) => r.nextExpectedVersion).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    const { events, version } = await store.readStream(streamId);
    expect(version).toBe(50);
    expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('maps a unique (stream_id, stream_version) violation to WrongExpectedVersionError (safety net)', async () => {
    const streamId = uniqueStream('bypassed');
    // A row written around the store: es_streams knows nothing of it, only the unique constraint does.
    await db.pool.query(
      `INSERT INTO es_events (stream_id, stream_version, type, data) VALUES ($1, 1, 'Rogue', '{}')`,
      [streamId],
    );

    const attempt = store.append(streamId, [{ type: 'DraftCreated', data: {} }], {
      expectedVersion: 'no_stream',
    });

    await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(attempt).rejects.toMatchObject({ streamId, expected: 'no_stream', actual: 1 });
    expect(await store.streamVersion(streamId)).toBe(0);
  });

  it('writes a 100-event append in order, with increasing positions in one transaction', async () => {
    const streamId = uniqueStream('batch');
    const { recorded } = await store.append(
      streamId,
      Array.from({ length: 100 }, (_, i) => ({ type: 'PlayerImported', data: { i } })),
      { expectedVersion: 'no_stream', metadata: { actor: 'admin', correlationId: 'corr-1' } },
    );
    expect(recorded.map((e) => e.streamVersion)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(recorded.map((e) => (e.data as { i: number }).i)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );
    const positions = recorded.map((e) => e.globalPosition);
    expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    expect(new Set(recorded.map((e) => e.transactionId)).size).toBe(1);
    expect(recorded[0]!.metadata).toEqual({ actor: 'admin', correlationId: 'corr-1' });
    expect(recorded[0]!.recordedAt).toBeInstanceOf(Date);
  });
});
