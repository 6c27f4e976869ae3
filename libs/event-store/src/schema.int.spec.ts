import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { createDatabaseIfMissing } from './create-database.js';
import { eventStoreSchemaSql } from './event-store.schema.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { READ_ALL_SQL } from './read-all.sql.js';
import { createTestDatabase, uniqueStream, type TestDatabase } from './__tests__/test-database.js';

describe('schema and database bootstrap', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase('schema');
  });
  afterAll(() => db.drop());

  it('createDatabaseIfMissing is a no-op for an existing database, even when called concurrently', async () => {
    await Promise.all(Array.from({ length: 5 }, () => createDatabaseIfMissing(db.url)));
    const { rows } = await db.pool.query('SELECT current_database() AS name');
    expect(rows[0].name).toBe(db.name);
  });

  it('createDatabaseIfMissing survives racing creators of a new database', async () => {
    const url = new URL(db.url);
    url.pathname = `/${db.name}_race`;
    const admin = new pg.Client({ connectionString: new URL('/postgres', db.url).href });
    await admin.connect();
    try {
      await Promise.all(Array.from({ length: 5 }, () => createDatabaseIfMissing(url.href)));
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
        `${db.name}_race`,
      ]);
      expect(rowCount).toBe(1);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(`${db.name}_race`)} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('applies the DDL again, also concurrently, without error or data loss', async () => {
    const store = new PostgresEventStore(db.pool);
    const streamId = uniqueStream('kept');
    await store.append(streamId, [{ type: 'E', data: {} }], { expectedVersion: 'no_stream' });

    await Promise.all(Array.from({ length: 4 }, () => db.pool.query(eventStoreSchemaSql)));

    expect(await store.streamVersion(streamId)).toBe(1);
  });

  it('refuses to update or delete an event: the log is append-only', async () => {
    const store = new PostgresEventStore(db.pool);
    const streamId = uniqueStream('immutable');
    await store.append(streamId, [{ type: 'E', data: {} }], { expectedVersion: 'no_stream' });

    await expect(
      db.pool.query(`UPDATE es_events SET type = 'X' WHERE stream_id = $1`, [streamId]),
    ).rejects.toThrow(/append-only/);
    await expect(db.pool.query('DELETE FROM es_events WHERE stream_id = $1', [streamId])).rejects.toThrow(
      /append-only/,
    );
    expect((await store.readStream(streamId)).events).toHaveLength(1);
  });

  it('serves readAll from the (transaction_id, global_position) index, ordered by the xid8 itself', async () => {
    // A tiny test table would rightly be scanned sequentially: take that choice away to prove the row
    // comparison and the ordering can use the index at all (they could not if xid8 had no btree ordering).
    // The statement is readAll's own: a sort on the text alias of transaction_id is what skipped events.
    const plan = await new PostgresEventStore(db.pool).withTransaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_sort = off');
      const { rows } = await tx.query(`EXPLAIN (FORMAT JSON, VERBOSE) ${READ_ALL_SQL}`, ['9999', 0, 7]);
      return JSON.stringify(rows[0]);
    });
    expect(plan).toContain('es_events_transaction_position_idx');
    expect(plan).toContain('Index Cond');
    expect(plan).not.toContain('"Sort"');
    expect(plan).not.toContain('Sort Key');
  });
});
