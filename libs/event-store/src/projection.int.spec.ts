import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from './postgres-event-store.js';
import { createTestDatabase, uniqueStream, type TestDatabase } from './__tests__/test-database.js';

describe('append: inline projections share the append transaction', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('projection');
    store = new PostgresEventStore(db.pool);
    await db.pool.query('CREATE TABLE team_budgets (stream_id text PRIMARY KEY, spent int NOT NULL)');
  });
  afterAll(() => db.drop());

  const counts = async (streamId: string) => {
    const { rows } = await db.pool.query(
      `SELECT (SELECT count(*)::int FROM es_events WHERE stream_id = $1) AS events,
              (SELECT count(*)::int FROM team_budgets WHERE stream_id = $1) AS budgets,
              (SELECT count(*)::int FROM es_commands WHERE stream_id = $1) AS commands,
              (SELECT count(*)::int FROM es_streams WHERE stream_id = $1) AS streams`,
      [streamId],
    );
    return rows[0];
  };

  it('stores neither the events nor the projection when the projection throws', async () => {
    const streamId = uniqueStream('team');
    const attempt = store.append(streamId, [{ type: 'PlayerWon', data: { price: 12 } }], {
      expectedVersion: 'no_stream',
      commandId: 'cmd-projection-fails',
      project: async (tx, recorded) => {
        await tx.query('INSERT INTO team_budgets (stream_id, spent) VALUES ($1, $2)', [
          streamId,
          recorded.length,
        ]);
        throw new Error('projection bug');
      },
    });

    await expect(attempt).rejects.toThrow('projection bug');
    expect(await counts(streamId)).toEqual({ events: 0, budgets: 0, commands: 0, streams: 0 });
    // The command id was not burnt: a corrected retry goes through.
    const retry = await store.append(streamId, [{ type: 'PlayerWon', data: { price: 12 } }], {
      expectedVersion: 'no_stream',
      commandId: 'cmd-projection-fails',
    });
    expect(retry.alreadyProcessed).toBe(false);
  });

  it('stores both when the projection succeeds, and hands it the recorded events', async () => {
    const streamId = uniqueStream('team');
    let seen: number[] = [];
    const result = await store.append(
      streamId,
      [
        { type: 'PlayerWon', data: { price: 12 } },
        { type: 'PlayerWon', data: { price: 30 } },
      ],
      {
        expectedVersion: 'no_stream',
        project: async (tx, recorded) => {
          seen = recorded.map((e) => e.streamVersion);
          const spent = recorded.reduce((sum, e) => sum + (e.data as { price: number }).price, 0);
          await tx.query('INSERT INTO team_budgets (stream_id, spent) VALUES ($1, $2)', [streamId, spent]);
        },
      },
    );

    expect(seen).toEqual([1, 2]);
    expect(result.recorded).toHaveLength(2);
    expect(await counts(streamId)).toEqual({ events: 2, budgets: 1, commands: 0, streams: 1 });
    const { rows } = await db.pool.query('SELECT spent FROM team_budgets WHERE stream_id = $1', [streamId]);
    expect(rows[0].spent).toBe(42);
  });

  it('refuses to report a commit when a swallowed error already aborted the transaction', async () => {
    const streamId = uniqueStream('team');
    const attempt = store.append(streamId, [{ type: 'PlayerWon', data: {} }], {
      expectedVersion: 'no_stream',
      project: async (tx) => {
        await tx.query('SELECT * FROM no_such_table').catch(() => undefined);
      },
    });

    await expect(attempt).rejects.toThrow(/aborted/);
    expect(await counts(streamId)).toEqual({ events: 0, budgets: 0, commands: 0, streams: 0 });
  });

  it('withTransaction commits the callback result and rolls back on error', async () => {
    const committed = uniqueStream('tx');
    await expect(
      store.withTransaction(async (tx) => {
        await tx.query('INSERT INTO team_budgets (stream_id, spent) VALUES ($1, 1)', [committed]);
        return 'done';
      }),
    ).resolves.toBe('done');
    const rolledBack = uniqueStream('tx');
    await expect(
      store.withTransaction(async (tx) => {
        await tx.query('INSERT INTO team_budgets (stream_id, spent) VALUES ($1, 1)', [rolledBack]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await counts(committed)).budgets).toBe(1);
    expect((await counts(rolledBack)).budgets).toBe(0);
  });
});
