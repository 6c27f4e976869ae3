import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabaseIfMissing, eventStoreSchemaSql, PostgresEventStore } from '@auction/event-store';
import pg from 'pg';
import type { LogProjection } from './projection.js';
import { ReadModelRebuilder } from './read-model-rebuilder.js';

const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `auction_test_rebuilder_${randomBytes(4).toString('hex')}`;
let pool: pg.Pool;
let store: PostgresEventStore;

/** Records which events it was given: the rebuilt table must hold every event of the log. */
const positions: LogProjection = {
  name: 'positions',
  tables: ['rebuilt_positions'],
  apply: async (events, tx) => {
    await tx.query('INSERT INTO rebuilt_positions (global_position) SELECT unnest($1::bigint[])', [
      events.map((event) => event.globalPosition),
    ]);
  },
};

beforeAll(async () => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${databaseName}`;
  await createDatabaseIfMissing(url.href);
  pool = new pg.Pool({ connectionString: url.href, max: 5 });
  await pool.query(eventStoreSchemaSql);
  await pool.query('CREATE TABLE rebuilt_positions (global_position bigint PRIMARY KEY)');
  store = new PostgresEventStore(pool);
});

afterAll(async () => {
  await pool?.end();
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(databaseName)} WITH (FORCE)`);
  await admin.end();
});

describe('ReadModelRebuilder against PostgreSQL', () => {
  it('replays every committed event while another database holds a transaction open', async () => {
    const append = (n: number) =>
      store.append(`counter-${randomBytes(4).toString('hex')}`, [{ type: 'Counted', data: { n } }], {
        expectedVersion: 'no_stream',
      });
    const before = await append(1);
    // Another database's writer, begun before the next appends: the server's snapshot xmin stays at its id.
    const elsewhere = new pg.Client({ connectionString: SERVER_URL });
    await elsewhere.connect();
    try {
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()');
      const after = [await append(2), await append(3)];

      const result = await new ReadModelRebuilder(store).rebuild([positions]);

      const expected = [before, ...after].map((appended) => String(appended.recorded[0]!.globalPosition));
      const { rows } = await pool.query<{ p: string }>(
        'SELECT global_position::text AS p FROM rebuilt_positions ORDER BY global_position',
      );
      expect(rows.map((row) => row.p)).toEqual(expected);
      expect(result).toEqual({ events: 3 });
    } finally {
      await elsewhere.query('ROLLBACK').catch(() => undefined);
      await elsewhere.end();
    }
  });
});
