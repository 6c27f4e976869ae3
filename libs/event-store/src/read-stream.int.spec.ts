import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from './postgres-event-store.js';
import { WrongExpectedVersionError } from './wrong-expected-version.error.js';
import { createTestDatabase, uniqueStream, type TestDatabase } from './__tests__/test-database.js';

describe('readStream and expected versions', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('read_stream');
    store = new PostgresEventStore(db.pool);
  });
  afterAll(() => db.drop());

  const events = (...types: string[]) => types.map((type) => ({ type, data: { type } }));

  it('returns events in version order, and fromVersion skips the ones a caller already has', async () => {
    const streamId = uniqueStream('draft');
    const other = uniqueStream('draft');
    await store.append(streamId, events('E1', 'E2'), { expectedVersion: 'no_stream' });
    await store.append(other, events('Other'), { expectedVersion: 'no_stream' });
    await store.append(streamId, events('E3', 'E4', 'E5'), { expectedVersion: 2 });

    const all = await store.readStream(streamId);
    expect(all.version).toBe(5);
    expect(all.events.map((e) => [e.streamVersion, e.type])).toEqual([
      [1, 'E1'],
      [2, 'E2'],
      [3, 'E3'],
      [4, 'E4'],
      [5, 'E5'],
    ]);
    expect(all.events.every((e) => e.streamId === streamId)).toBe(true);

    const tail = await store.readStream(streamId, { fromVersion: 4 });
    expect(tail).toEqual({ events: all.events.slice(3), version: 5 });
    expect(await store.readStream(streamId, { fromVersion: 6 })).toEqual({ events: [], version: 5 });
  });

  it('reads a missing stream as empty at version 0', async () => {
    const streamId = uniqueStream('missing');
    expect(await store.readStream(streamId)).toEqual({ events: [], version: 0 });
    expect(await store.streamVersion(streamId)).toBe(0);
  });

  it("fails 'no_stream' (and 0) on an existing stream, and a stale or future version", async () => {
    const streamId = uniqueStream('draft');
    await store.append(streamId, events('E1'), { expectedVersion: 0 });

    for (const expectedVersion of ['no_stream', 0, 2, 7] as const) {
      const attempt = store.append(streamId, events('Nope'), { expectedVersion });
      await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(attempt).rejects.toMatchObject({ streamId, expected: expectedVersion, actual: 1 });
    }
    await expect(
      store.append(uniqueStream('absent'), events('E1'), { expectedVersion: 3 }),
    ).rejects.toMatchObject({
      actual: 0,
    });
    expect(await store.streamVersion(streamId)).toBe(1);
  });

  it("'any' appends to a new stream and to an existing one", async () => {
    const streamId = uniqueStream('chat');
    const first = await store.append(streamId, events('M1'), { expectedVersion: 'any' });
    const second = await store.append(streamId, events('M2', 'M3'), { expectedVersion: 'any' });

    expect(first.nextExpectedVersion).toBe(1);
    expect(second.nextExpectedVersion).toBe(3);
    expect(second.recorded.map((e) => e.streamVersion)).toEqual([2, 3]);
    expect(await store.streamVersion(streamId)).toBe(3);
  });

  it('rejects a malformed expected version before touching the database', async () => {
    await expect(
      store.append(uniqueStream('bad'), events('E'), { expectedVersion: -1 }),
    ).rejects.toBeInstanceOf(TypeError);
  });
});
