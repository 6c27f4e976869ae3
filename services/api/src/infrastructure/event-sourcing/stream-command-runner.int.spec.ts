import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ConflictError, type Decider } from '@auction/domain';
import { createDatabaseIfMissing, eventStoreSchemaSql, PostgresEventStore } from '@auction/event-store';
import pg from 'pg';
import { StreamCommandRunner } from './stream-command-runner.js';

const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `auction_test_runner_${randomBytes(4).toString('hex')}`;
let pool: pg.Pool;
let store: PostgresEventStore;

// A seat counter: at most 10 seats, so concurrent takers must not oversell.
type TakeSeat = { type: 'TakeSeat'; data: { by: string } };
type SeatTaken = { type: 'SeatTaken'; data: { by: string } };
const SEATS = 10;
const seats: Decider<TakeSeat, SeatTaken, { taken: number }> = {
  initialState: () => ({ taken: 0 }),
  decide: (command, state) => {
    if (state.taken >= SEATS) throw new ConflictError('Sold out');
    return [{ type: 'SeatTaken', data: { by: command.data.by } }];
  },
  evolve: (state) => ({ taken: state.taken + 1 }),
};

beforeAll(async () => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  await createDatabaseIfMissing(url.href);
  pool = new pg.Pool({ connectionString: url.href, max: 12 });
  await pool.query(eventStoreSchemaSql);
  store = new PostgresEventStore(pool);
});

afterAll(async () => {
  await pool?.end();
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`);
  await admin.end();
});

describe('StreamCommandRunner against PostgreSQL', () => {
  it('lets concurrent writers on two instances all succeed by retrying, each decision on the latest state', async () => {
    // Two runners are two API instances: separate caches, one database.
    const instances = [new StreamCommandRunner(store), new StreamCommandRunner(store)];
    const streamId = `seats-${randomBytes(4).toString('hex')}`;
    // Warm both caches, so each instance starts from a state the other will make stale.
    await instances[0]!.run({
      streamId,
      decider: seats,
      command: { type: 'TakeSeat', data: { by: 'warm-up' } },
      actor: 'system',
    });
    await instances[1]!.read(streamId, seats);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        instances[i % 2]!.run({
          streamId,
          decider: seats,
          command: { type: 'TakeSeat', data: { by: `w${i}` } },
          actor: 'system',
        }),
      ),
    );
    expect(results.map((result) => result.version).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6]);
    const { events, version } = await store.readStream(streamId);
    expect(version).toBe(6);
    expect(events.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('never oversells: of 16 simultaneous takers for 10 seats exactly 10 win', async () => {
    const instances = [new StreamCommandRunner(store), new StreamCommandRunner(store)];
    const streamId = `seats-${randomBytes(4).toString('hex')}`;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 16 }, (_, i) =>
        instances[i % 2]!.run({
          streamId,
          decider: seats,
          command: { type: 'TakeSeat', data: { by: `t${i}` } },
          actor: 'system',
        }),
      ),
    );
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.filter((outcome) => outcome.status === 'rejected');
    // A loser either saw "Sold out" or lost the race five times in a row: both are conflicts, never a double sale.
    for (const outcome of lost)
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    const { version } = await store.readStream(streamId);
    expect(version).toBe(won.length);
    expect(version).toBeLessThanOrEqual(SEATS);
    // Whoever lost only to races can try again until the seats are gone.
    for (let retry = 0; retry < 16 && (await store.readStream(streamId)).version < SEATS; retry += 1) {
      await instances[0]!
        .run({
          streamId,
          decider: seats,
          command: { type: 'TakeSeat', data: { by: 'late' } },
          actor: 'system',
        })
        .catch(() => undefined);
    }
    expect((await store.readStream(streamId)).version).toBe(SEATS);
  });

  it('projects inline in the same transaction: a failing projection leaves no event behind', async () => {
    const runner = new StreamCommandRunner(store);
    const streamId = `seats-${randomBytes(4).toString('hex')}`;
    await pool.query('CREATE TABLE IF NOT EXISTS seat_log (stream_id text, version int)');
    await runner.run({
      streamId,
      decider: seats,
      command: { type: 'TakeSeat', data: { by: 'ok' } },
      actor: 'system',
      project: async (tx, { recorded }) => {
        await tx.query('INSERT INTO seat_log VALUES ($1, $2)', [streamId, recorded[0]!.streamVersion]);
      },
    });
    await expect(
      runner.run({
        streamId,
        decider: seats,
        command: { type: 'TakeSeat', data: { by: 'broken' } },
        actor: 'system',
        project: async (tx) => {
          await tx.query('INSERT INTO seat_log VALUES ($1, $2)', [streamId, 99]);
          throw new Error('projection failed');
        },
      }),
    ).rejects.toThrow('projection failed');
    expect((await store.readStream(streamId)).version).toBe(1);
    expect((await pool.query('SELECT version FROM seat_log WHERE stream_id = $1', [streamId])).rows).toEqual([
      { version: 1 },
    ]);
  });
});
