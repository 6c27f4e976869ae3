import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appendInTransaction } from './append-in-transaction.js';
import { compareCheckpoints, checkpointOf, START } from './checkpoint.js';
import type { Checkpoint, RecordedEvent } from './event-store.types.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { readAllIn } from './read-all-in.js';
import { createTestDatabase, deferred, uniqueStream, type TestDatabase } from './__tests__/test-database.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A subscriber's loop: keeps reading from its checkpoint until `done` says it has what it waits for. It polls
 * because any open transaction on the server (even another database's) holds the snapshot xmin back a while.
 */
async function readUntil(
  store: PostgresEventStore,
  from: Checkpoint,
  done: (events: RecordedEvent[]) => boolean,
  limit = 100,
  timeoutMs = 45_000,
): Promise<{ events: RecordedEvent[]; checkpoint: Checkpoint }> {
  const deadline = Date.now() + timeoutMs;
  const events: RecordedEvent[] = [];
  let checkpoint = from;
  while (!done(events)) {
    if (Date.now() > deadline) throw new Error(`readUntil timed out after ${events.length} events`);
    const page = await store.readAll(checkpoint, limit);
    events.push(...page.events);
    checkpoint = page.checkpoint;
    if (page.events.length === 0) await pause(5);
  }
  return { events, checkpoint };
}

/** The checkpoint after every event committed so far (the caller knows how many events the log holds). */
async function checkpointAfterAll(store: PostgresEventStore, db: TestDatabase): Promise<Checkpoint> {
  const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM es_events');
  return (await readUntil(store, START, (events) => events.length >= rows[0]!.n)).checkpoint;
}

function expectStrictlyAscending(events: RecordedEvent[], after: Checkpoint): void {
  let previous = after;
  for (const event of events) {
    expect(compareCheckpoints(previous, checkpointOf(event))).toBe(-1);
    previous = checkpointOf(event);
  }
}

describe('readAll: gap-safe reading of the whole log', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('read_all', 20);
    store = new PostgresEventStore(db.pool);
  });
  afterAll(() => db.drop());

  it('never delivers later commits past an open transaction, then delivers all of them exactly once', async () => {
    const from = await checkpointAfterAll(store, db);
    const pre = await store.append(uniqueStream('pre'), [{ type: 'Pre', data: {} }], {
      expectedVersion: 'no_stream',
    });
    const [streamA, streamB, streamC] = [uniqueStream('a'), uniqueStream('b'), uniqueStream('c')];
    const aInserted = deferred();
    const releaseA = deferred();
    const appendA = store.append(streamA, [{ type: 'A', data: {} }], {
      expectedVersion: 'no_stream',
      project: async () => {
        aInserted.resolve();
        await releaseA.promise;
      },
    });
    let early: { events: RecordedEvent[]; checkpoint: Checkpoint };
    let b, c;
    try {
      await aInserted.promise;
      b = await store.append(streamB, [{ type: 'B', data: {} }], { expectedVersion: 'no_stream' });
      c = await store.append(streamC, [{ type: 'C', data: {} }], { expectedVersion: 'no_stream' });

      // The hazard is real: B and C are committed with positions past A's, which is not visible yet.
      const naive = await db.pool.query('SELECT stream_id FROM es_events WHERE global_position > $1', [
        pre.recorded[0]!.globalPosition,
      ]);
      expect(naive.rows.map((r) => r.stream_id).sort()).toEqual([streamB, streamC].sort());

      early = await readUntil(store, from, (events) => events.length >= 1);
      expect(early.events).toEqual(pre.recorded);
      for (let i = 0; i < 20; i++) {
        const page = await store.readAll(early.checkpoint, 100);
        expect(page.events).toEqual([]);
        expect(page.checkpoint).toEqual(early.checkpoint);
      }
    } finally {
      releaseA.resolve();
    }
    const a = await appendA;
    const late = await readUntil(store, early.checkpoint, (events) => events.length >= 3);

    const expected = [...a.recorded, ...b.recorded, ...c.recorded].sort((x, y) =>
      compareCheckpoints(checkpointOf(x), checkpointOf(y)),
    );
    expect(late.events).toEqual(expected);
    expect(late.events[0]!.streamId).toBe(streamA);
    expectStrictlyAscending(late.events, early.checkpoint);
    expect((await store.readAll(late.checkpoint, 100)).events).toEqual([]);
  });

  it('pages by (transaction id, position): an older transaction with a newer position is not skipped', async () => {
    const [streamX, streamY] = [uniqueStream('x'), uniqueStream('y')];
    const from = await checkpointAfterAll(store, db);
    const xHasId = deferred();
    const releaseX = deferred();
    // X takes its transaction id first but inserts last, so it has the lower id and the higher position.
    const x = store.withTransaction(async (tx) => {
      await tx.query('SELECT pg_current_xact_id()');
      xHasId.resolve();
      await releaseX.promise;
      return appendInTransaction(tx, streamX, [{ type: 'X', data: {} }], { expectedVersion: 'no_stream' });
    });
    let y;
    try {
      await xHasId.promise;
      y = await store.append(streamY, [{ type: 'Y', data: {} }], { expectedVersion: 'no_stream' });
      expect((await store.readAll(from, 1)).events).toEqual([]);
    } finally {
      releaseX.resolve();
    }
    const xResult = await x;
    expect(xResult.recorded[0]!.globalPosition).toBeGreaterThan(y.recorded[0]!.globalPosition);
    expect(BigInt(xResult.recorded[0]!.transactionId)).toBeLessThan(BigInt(y.recorded[0]!.transactionId));

    // One event per page: the second page continues from X's checkpoint, whose position is past Y's.
    const read = await readUntil(store, from, (events) => events.length >= 2, 1);
    expect(read.events).toEqual([...xResult.recorded, ...y.recorded]);
    expect((await store.readAll(read.checkpoint, 1)).events).toEqual([]);
  });

  it('soak: 8 writers x 50 appends while a reader pages by 7, every event exactly once, never backwards', async () => {
    const from = await checkpointAfterAll(store, db);
    const streams = Array.from({ length: 8 }, () => uniqueStream('soak'));
    const written: RecordedEvent[] = [];
    let writersDone = false;
    let pagesWhileWriting = 0;
    // Halfway, the writers wait for the reader to have paged a while: reads then interleave with writes by
    // construction, not by luck (an open transaction of another database can hold every page back meanwhile).
    const readerUnderWay = deferred();

    const writers = Promise.all(
      streams.map(async (streamId) => {
        let version = 0;
        for (let i = 0; i < 50; i++) {
          if (i === 25) await readerUnderWay.promise;
          // 1 to 3 events per append, so transactions of several events interleave too.
          const events = Array.from({ length: (i % 3) + 1 }, (_, j) => ({ type: 'Soak', data: { i, j } }));
          const result = await store.append(streamId, events, { expectedVersion: version });
          version = result.nextExpectedVersion;
          written.push(...result.recorded);
        }
      }),
    ).finally(() => {
      writersDone = true;
    });

    const read: RecordedEvent[] = [];
    let checkpoint = from;
    const deadline = Date.now() + 45_000;
    while (!writersDone || read.length < written.length) {
      if (Date.now() > deadline) throw new Error(`reader stuck at ${read.length}/${written.length} events`);
      const page = await store.readAll(checkpoint, 7);
      expect(page.events.length).toBeLessThanOrEqual(7);
      expectStrictlyAscending(page.events, checkpoint);
      if (!writersDone && page.events.length > 0 && ++pagesWhileWriting === 10) readerUnderWay.resolve();
      read.push(...page.events);
      checkpoint = page.checkpoint;
      if (page.events.length === 0) await pause(1);
    }
    await writers;

    // Per stream: 17 appends of 1 event, 17 of 2 and 16 of 3 = 99 events.
    expect(written).toHaveLength(8 * 99);
    expect(pagesWhileWriting).toBeGreaterThanOrEqual(10);
    expect(read).toHaveLength(written.length);
    expect(new Set(read.map((e) => e.globalPosition)).size).toBe(read.length);
    const byPosition = (p: RecordedEvent, q: RecordedEvent) => p.globalPosition - q.globalPosition;
    expect([...read].sort(byPosition)).toEqual([...written].sort(byPosition));
    for (const streamId of streams) {
      const versions = read.filter((e) => e.streamId === streamId).map((e) => e.streamVersion);
      expect(versions).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    }
    expect((await store.readAll(checkpoint, 7)).events).toEqual([]);
  });

  it('reads only the payloads asked for: every event still comes, in the same order, so the checkpoint moves past all', async () => {
    const from = await checkpointAfterAll(store, db);
    const streamId = uniqueStream('payloads');
    await store.append(
      streamId,
      [
        { type: 'Kept', data: { n: 1 }, metadata: { by: 'a' } },
        { type: 'Skipped', data: { n: 2 }, metadata: { by: 'b' } },
        { type: 'Kept', data: { n: 3 } },
        { type: 'Skipped', data: { n: 4 } },
      ],
      { expectedVersion: 'no_stream' },
    );
    const whole = await readUntil(store, from, (events) => events.length >= 4);
    const page = await readAllIn(db.pool, from, 100, ['Kept']);

    expect(page.checkpoint).toEqual(whole.checkpoint);
    expect(page.events.map(checkpointOf)).toEqual(whole.events.map(checkpointOf));
    expect(page.events.map((e) => [e.type, e.data, e.metadata['by'] ?? null])).toEqual([
      ['Kept', { n: 1 }, 'a'],
      ['Skipped', null, null],
      ['Kept', { n: 3 }, null],
      ['Skipped', null, null],
    ]);
    // The events asked for are exactly what the whole read gives.
    expect(page.events.filter((e) => e.type === 'Kept')).toEqual(
      whole.events.filter((e) => e.type === 'Kept'),
    );
    expect((await readAllIn(db.pool, from, 100, [])).events.map((e) => e.data)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('rejects a non-positive limit', async () => {
    await expect(store.readAll(START, 0)).rejects.toBeInstanceOf(TypeError);
  });
});
