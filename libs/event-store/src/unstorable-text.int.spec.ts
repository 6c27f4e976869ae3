import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from './postgres-event-store.js';
import { UnstorableTextError } from './unstorable-text.error.js';
import { createTestDatabase, uniqueStream, type TestDatabase } from './__tests__/test-database.js';

/**
 * jsonb refuses U+0000 and unpaired surrogates; the store refuses such events itself with a typed error (which the
 * API maps to a 400) instead of letting PostgreSQL abort the append with a driver error (a 500).
 */
describe('append: text PostgreSQL cannot store', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('unstorable_text', 4);
    store = new PostgresEventStore(db.pool);
  });
  afterAll(() => db.drop());

  it.each([
    ['U+0000', { name: 'a\u0000b' }],
    ['a lone high surrogate', { name: 'team \ud800' }],
    ['a lone low surrogate', { nested: { list: ['\udc00'] } }],
  ])('refuses %s with UnstorableTextError and writes nothing', async (_label, data) => {
    const streamId = uniqueStream('team');
    await store.append(streamId, [{ type: 'TeamCreated', data: { name: 'ok' } }], {
      expectedVersion: 'no_stream',
    });

    await expect(
      store.append(streamId, [{ type: 'TeamRenamed', data }], {
        expectedVersion: 1,
        commandId: `c-${streamId}`,
      }),
    ).rejects.toBeInstanceOf(UnstorableTextError);

    const { rows } = await db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM es_events WHERE stream_id = $1',
      [streamId],
    );
    expect(rows[0]!.n).toBe(1);
    // The stream is still writable at the version it had.
    const next = await store.append(streamId, [{ type: 'TeamRenamed', data: { name: 'still ok 🏈' } }], {
      expectedVersion: 1,
    });
    expect(next.nextExpectedVersion).toBe(2);
    expect((await store.readStream(streamId)).events.map((event) => event.data)).toEqual([
      { name: 'ok' },
      { name: 'still ok 🏈' },
    ]);
  });
});
