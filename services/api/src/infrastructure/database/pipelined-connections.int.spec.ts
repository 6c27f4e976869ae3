import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { PipelinedConnections } from './pipelined-connections.js';

const SERVER_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const APPLICATION = `pipelined-spec-${randomBytes(4).toString('hex')}`;
const TABLE = `pipelined_spec_${randomBytes(4).toString('hex')}`;

let admin: pg.Client;
let connections: PipelinedConnections | null = null;

function open(count: number, onStatement?: () => void): PipelinedConnections {
  connections = new PipelinedConnections({
    connectionString: SERVER_URL,
    connections: count,
    applicationName: APPLICATION,
    onStatement,
  });
  return connections;
}

const statement = (name: string, text: string, values: unknown[] = []) => ({ name, text, values });
const backendPid = statement('spec.pid', 'SELECT pg_backend_pid() AS pid');
const sleepThenPid = (seconds: number) =>
  statement('spec.sleep', 'SELECT pg_sleep($1::float8), pg_backend_pid() AS pid', [seconds]);

/** Rows of TABLE, counted by another process: this test's event loop may be blocked meanwhile. */
function rowsSeenFromOutside(): number {
  const script = `const pg = require('pg'); const c = new pg.Client(process.argv[1]);
    c.connect().then(() => c.query('SELECT count(*)::int AS n FROM ${TABLE}'))
      .then((r) => { process.stdout.write(String(r.rows[0].n)); return c.end(); });`;
  return Number(execFileSync(process.execPath, ['-e', script, SERVER_URL], { encoding: 'utf8' }));
}

async function backends(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
    [APPLICATION],
  );
  return rows[0]!.n;
}

/** Backends still there once closed ones had time to exit (a closed client's backend leaves a moment later). */
async function backendsAfterExits(): Promise<number> {
  for (let attempt = 0; attempt < 40 && (await backends()) > 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return backends();
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE TABLE ${TABLE} (id int PRIMARY KEY)`);
});

afterEach(async () => {
  await connections?.end();
  connections = null;
});

afterAll(async () => {
  await admin.query(`DROP TABLE IF EXISTS ${TABLE}`);
  await admin.end();
});

describe('PipelinedConnections (real PostgreSQL)', () => {
  it('writes a statement at once, behind one whose answer the event loop has not read', async () => {
    const lane = open(1);
    await lane.query(backendPid);
    const slow = lane.query(statement('spec.sleep1', 'SELECT pg_sleep(0.2)'));
    const insert = lane.query(statement('spec.insert', `INSERT INTO ${TABLE} (id) VALUES ($1)`, [1]));
    expect(lane.inFlight()).toEqual([2]);
    // Block this event loop past both statements' run: the insert ran although the sleep's answer was never read.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600);
    expect(rowsSeenFromOutside()).toBe(1);
    await Promise.all([slow, insert]);
    expect(lane.inFlight()).toEqual([0]);
  });

  it('answers each statement its own rows, in any number on one connection', async () => {
    const lane = open(1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        lane.query<{ n: number }>(statement('spec.echo', 'SELECT $1::int AS n', [index])),
      ),
    );
    expect(answers.map(({ rows }) => rows[0]!.n)).toEqual(Array.from({ length: 50 }, (_, index) => index));
  });

  it('fails a failing statement alone: the ones before and after it on the connection commit', async () => {
    const lane = open(1);
    const insert = (id: number) =>
      lane.query(
        statement('spec.insert-checked', `INSERT INTO ${TABLE} (id) VALUES (10 / $1::int + 100)`, [id]),
      );
    const outcomes = await Promise.allSettled([insert(1), insert(0), insert(2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '22012' });
    const { rows } = await admin.query<{ id: number }>(`SELECT id FROM ${TABLE} WHERE id >= 100 ORDER BY id`);
    expect(rows.map((row) => row.id)).toEqual([105, 110]);
  });

  it('reuses an idle connection, and opens more only while statements overlap, up to its size', async () => {
    const lane = open(3);
    const first = await lane.query<{ pid: number }>(backendPid);
    const second = await lane.query<{ pid: number }>(backendPid);
    expect(second.rows[0]!.pid).toBe(first.rows[0]!.pid);

    const overlapping = await Promise.all(
      Array.from({ length: 5 }, () => lane.query<{ pid: number }>(sleepThenPid(0.1))),
    );
    const pids = new Set(overlapping.map(({ rows }) => rows[0]!.pid));
    expect(pids.size).toBe(3);
    expect(await backends()).toBe(3);
  });

  it('fails the statements of a connection that is lost, and takes a new connection for the next', async () => {
    const lane = open(1);
    const before = (await lane.query<{ pid: number }>(backendPid)).rows[0]!.pid;
    const lost = lane.query(sleepThenPid(30));
    await admin.query('SELECT pg_terminate_backend($1)', [before]);
    await expect(lost).rejects.toThrow();
    const after = (await lane.query<{ pid: number }>(backendPid)).rows[0]!.pid;
    expect(after).not.toBe(before);
  });

  it('rejects statements when the server cannot be reached, instead of holding them', async () => {
    const lane = new PipelinedConnections({
      connectionString: 'postgres://postgres@127.0.0.1:1/postgres',
      connections: 2,
      applicationName: APPLICATION,
    });
    try {
      await expect(lane.query(backendPid)).rejects.toThrow();
      await expect(lane.query(backendPid)).rejects.toThrow();
    } finally {
      await lane.end();
    }
  });

  it('counts every statement it sends, and refuses statements once ended', async () => {
    let counted = 0;
    const lane = open(2, () => (counted += 1));
    await Promise.all([lane.query(backendPid), lane.query(backendPid), lane.query(backendPid)]);
    expect(counted).toBe(3);
    await lane.end();
    await expect(lane.query(backendPid)).rejects.toThrow('The pipelined connections are closed');
    expect(await backendsAfterExits()).toBe(0);
  });

  it('refuses a size below one', () => {
    expect(() => open(0)).toThrow(RangeError);
  });
});
