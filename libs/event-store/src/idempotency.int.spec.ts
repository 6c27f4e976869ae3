import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from './postgres-event-store.js';
import { WrongExpectedVersionError } from './wrong-expected-version.error.js';
import {
  createTestDatabase,
  deferred,
  uniqueStream,
  waitForLockWaiters,
  type TestDatabase,
} from './__tests__/test-database.js';

describe('append: a command id makes a retried command idempotent', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('idempotency', 20);
    store = new PostgresEventStore(db.pool);
  });
  afterAll(() => db.drop());

  const bid = (amount: number) => [{ type: 'BidPlaced', data: { amount } }];

  async function countEvents(streamId: string): Promise<number> {
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1', [
      streamId,
    ]);
    return rows[0].n;
  }

  it('returns the original result for a sequential retry and appends nothing', async () => {
    const streamId = uniqueStream('draft');
    const first = await store.append(streamId, bid(5), {
      expectedVersion: 'no_stream',
      commandId: 'cmd-seq',
      metadata: { actor: 'u1' },
    });
    // The retry even carries a stale expected version: the command's outcome is already decided.
    const retry = await store.append(streamId, bid(5), {
      expectedVersion: 'no_stream',
      commandId: 'cmd-seq',
    });

    expect(first.alreadyProcessed).toBe(false);
    expect(retry.alreadyProcessed).toBe(true);
    expect(retry.recorded).toEqual(first.recorded);
    expect(retry.nextExpectedVersion).toBe(first.nextExpectedVersion);
    expect(first.recorded[0]!.metadata).toEqual({ actor: 'u1', commandId: 'cmd-seq' });
    expect(await countEvents(streamId)).toBe(1);
  });

  it('appends once when the same command races itself 20 times', async () => {
    const streamId = uniqueStream('draft');
    await store.append(streamId, bid(1), { expectedVersion: 'no_stream' });

    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        store.append(streamId, [...bid(2), ...bid(3)], { expectedVersion: 1, commandId: 'cmd-race' }),
      ),
    );

    const fresh = results.filter((r) => !r.alreadyProcessed);
    expect(fresh).toHaveLength(1);
    const positions = fresh[0]!.recorded.map((e) => e.globalPosition);
    for (const result of results) {
      expect(result.recorded.map((e) => e.globalPosition)).toEqual(positions);
      expect(result.nextExpectedVersion).toBe(3);
    }
    expect(await countEvents(streamId)).toBe(3);
  });

  it('waits for an in-flight duplicate and then reports it instead of a version conflict', async () => {
    const streamId = uniqueStream('draft');
    const inserted = deferred();
    const release = deferred();
    const first = store.append(streamId, bid(7), {
      expectedVersion: 'no_stream',
      commandId: 'cmd-slow',
      project: async () => {
        inserted.resolve();
        await release.promise;
      },
    });
    await inserted.promise;
    const duplicate = store.append(streamId, bid(7), { expectedVersion: 'no_stream', commandId: 'cmd-slow' });
    // Only release the first once the duplicate is really blocked on the command id it holds.
    await waitForLockWaiters(db.pool, 1);
    release.resolve();

    const [original, retried] = await Promise.all([first, duplicate]);
    expect(retried.alreadyProcessed).toBe(true);
    expect(retried.recorded).toEqual(original.recorded);
  });

  it('frees the command id when the first attempt rolls back', async () => {
    const streamId = uniqueStream('draft');
    await store.append(streamId, bid(1), { expectedVersion: 'no_stream' });

    await expect(
      store.append(streamId, bid(2), { expectedVersion: 'no_stream', commandId: 'cmd-retry-after-conflict' }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const retried = await store.append(streamId, bid(2), {
      expectedVersion: 1,
      commandId: 'cmd-retry-after-conflict',
    });

    expect(retried.alreadyProcessed).toBe(false);
    expect(retried.nextExpectedVersion).toBe(2);
    expect(await countEvents(streamId)).toBe(2);
  });

  it('remembers a command that appended no events', async () => {
    const streamId = uniqueStream('draft');
    await store.append(streamId, bid(1), { expectedVersion: 'no_stream' });

    const first = await store.append(streamId, [], { expectedVersion: 1, commandId: 'cmd-noop' });
    const retry = await store.append(streamId, [], { expectedVersion: 1, commandId: 'cmd-noop' });

    expect(first).toEqual({ recorded: [], nextExpectedVersion: 1, alreadyProcessed: false });
    expect(retry).toEqual({ recorded: [], nextExpectedVersion: 1, alreadyProcessed: true });
    await expect(store.append(streamId, [], { expectedVersion: 5 })).rejects.toMatchObject({ actual: 1 });
  });
});
