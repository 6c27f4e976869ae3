/**
 * `npm run bench:replay` (repository root): how long the audit takes to answer "the draft as it stood after event
 * N" for a 5,000-event draft (issue #11: ≤ 10 ms server-side), on a database of its own that is dropped afterwards.
 *
 * Inserts DRAFTS drafts of 5,043 events each (12 teams × 20 players, 14–22 bids an auction, generated with a valid
 * hash chain), then asks each for its state at POINTS versions spread over the whole draft, one request at a time:
 *  - in process, cold: a DraftAudit with no snapshots for every call (the whole fold 1..N from the log);
 *  - in process, warm: one DraftAudit whose snapshots earlier calls filled (at most 99 events folded);
 *  - HTTP server-side, GET /api/drafts/:id/replay?at=N through the app (auth guard, validation, fold, names, JSON),
 *    from the HTTP server's first 'request' listener to the response's 'finish': the first request of each draft
 *    (cold, the app has no snapshot of it yet), then the others (warm);
 *  - HTTP round trip: the same from a fetch client in this process over loopback.
 * Every answer is checked against a cold in-process fold of the same N. `--drafts=D --points=P` change the sizes.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import type { ReplayData } from '@auction/contracts';
import { teamNameKey } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import { createApp } from '../bootstrap.js';
import { loadConfig } from '../config/config.js';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { redisNamespaceFor } from '../infrastructure/redis/redis-namespace.js';
import { DraftAudit } from '../modules/audit/index.js';
import { benchArgs, benchDatabaseUrl, deleteRedisKeys, dropBenchDatabase } from './bench-app.js';
import { generateOneDraft, type GeneratedEvent } from './draft-log-generator.js';
import { insertGeneratedLog } from './draft-log-insert.js';
import { summarise, type LatencySummary } from './search-workload.js';

const TARGET_MS = 10;
/** 14..22 bids an auction: 5,043 events in each draft's stream. */
const MIN_BIDS = 14;

const ms = (value: number) => value.toFixed(2).padStart(8);
const line = (label: string, s: LatencySummary) =>
  `${label.padEnd(34)}${String(s.count).padStart(6)}${ms(s.p50)}${ms(s.p95)}${ms(s.max)}`;

/** Stream versions spread evenly over 1..last, the last included, in a shuffled (but fixed) order. */
function pointsOf(last: number, count: number, seed: number): number[] {
  const points = Array.from({ length: count }, (_, i) => Math.max(1, Math.round(((i + 1) * last) / count)));
  for (let i = points.length - 1; i > 0; i -= 1) {
    const j = (i * 7919 + seed * 104_729) % (i + 1);
    [points[i], points[j]] = [points[j]!, points[i]!];
  }
  return points;
}

/** A pool that counts the statements and rows the audit reads: figures the machine's load does not move. */
function countingClient(pool: pg.Pool): SqlClient & { statements: number; rows: number } {
  const counter = {
    statements: 0,
    rows: 0,
    async query(text: string, params?: unknown[]) {
      const result = await pool.query(text, params);
      counter.statements += 1;
      counter.rows += result.rows.length;
      return { rows: result.rows, rowCount: result.rowCount };
    },
  };
  return counter;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The teams read model's rows for the generated TeamCreated events, so the replay names the teams. */
async function insertTeams(pool: pg.Pool, events: readonly GeneratedEvent[]): Promise<void> {
  const teams = events.filter((event) => event.type === 'TeamCreated').map((event) => event.data);
  await pool.query(
    `INSERT INTO teams (id, name, team_number, budget_total, created_at, updated_at, name_compared)
     SELECT id, name, n, 260, now(), now(), compared
     FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[]) AS t(id, name, n, compared)`,
    [
      teams.map((t) => t['teamId']),
      teams.map((t) => t['name']),
      teams.map((t) => t['teamNumber']),
      teams.map((t) => teamNameKey(String(t['name']))),
    ],
  );
}

async function main(): Promise<void> {
  const args = benchArgs();
  const draftCount = Number(args.get('drafts') ?? 10);
  const pointCount = Number(args.get('points') ?? 50);
  const name = `auction_bench_replay_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: randomBytes(24).toString('hex'),
    REDIS_URL: process.env['REDIS_URL'],
    DATABASE_URL: benchDatabaseUrl(name),
    HOST: '127.0.0.1',
    PORT: '0',
  });
  process.stdout.write(`Database ${name}: migrating, inserting ${draftCount} drafts…\n`);
  const { app } = await createApp(config);
  try {
    await app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${((app.getHttpServer() as Server).address() as AddressInfo).port}`;
    const pool = app.get<pg.Pool>(PG_POOL);

    const drafts: { draftId: string; lastVersion: number }[] = [];
    for (let seed = 1; seed <= draftCount; seed += 1) {
      const { events, streams } = generateOneDraft({ minBids: MIN_BIDS }, seed);
      await insertGeneratedLog(pool, events, streams);
      await insertTeams(pool, events);
      const created = events.find((event) => event.type === 'DraftCreated')!;
      drafts.push({
        draftId: String(created.data['draftId']),
        lastVersion: streams.get(created.streamId)!.version,
      });
    }
    await pool.query('VACUUM ANALYZE es_events');

    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: config.admin.email, password: config.admin.password }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;

    const serverTimes: number[] = [];
    (app.getHttpServer() as Server).prependListener('request', (_request, response) => {
      const received = performance.now();
      response.on('finish', () => serverTimes.push(performance.now() - received));
    });
    const viaHttp = async (draftId: string, at: number) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/drafts/${draftId}/replay?at=${at}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { data: ReplayData };
      if (response.status !== 200) throw new Error(`replay at ${at} answered ${response.status}`);
      return { roundTrip: performance.now() - started, server: serverTimes.at(-1)!, data: body.data };
    };
    // Wall time, and this process's CPU time meanwhile (user + system): the API's own work per replay, which the
    // machine's load inflates far less than the wall time (PostgreSQL's share is not in it).
    const timed = async <T>(work: () => Promise<T>) => {
      const cpu = process.cpuUsage();
      const started = performance.now();
      const result = await work();
      const used = process.cpuUsage(cpu);
      return { duration: performance.now() - started, cpuMs: (used.user + used.system) / 1000, result };
    };

    // Warm the app's code paths (JIT, pg statement plans) on a draft outside the measurement.
    const { events: warmEvents, streams: warmStreams } = generateOneDraft({ minBids: MIN_BIDS }, 999);
    await insertGeneratedLog(pool, warmEvents, warmStreams);
    const warmId = String(warmEvents.find((event) => event.type === 'DraftCreated')!.data['draftId']);
    for (const at of pointsOf(5_000, 40, 0)) {
      await new DraftAudit(pool).replay(warmId, at);
      await viaHttp(warmId, at);
    }

    const coldInProcess: number[] = [];
    const warmInProcess: number[] = [];
    const coldHttp: number[] = [];
    const warmHttp: number[] = [];
    const coldRoundTrip: number[] = [];
    const warmRoundTrip: number[] = [];
    const coldCpu: number[] = [];
    const warmCpu: number[] = [];
    const coldReads: { statements: number; rows: number }[] = [];
    const warmReads: { statements: number; rows: number }[] = [];
    let mismatches = 0;
    const sharedClient = countingClient(pool);
    const shared = new DraftAudit(sharedClient);
    for (const [index, { draftId, lastVersion }] of drafts.entries()) {
      const points = pointsOf(lastVersion, pointCount, index + 1);
      for (const [i, at] of points.entries()) {
        const client = countingClient(pool);
        const cold = await timed(() => new DraftAudit(client).replay(draftId, at));
        coldInProcess.push(cold.duration);
        coldCpu.push(cold.cpuMs);
        coldReads.push({ statements: client.statements, rows: client.rows });
        const http = await viaHttp(draftId, at);
        (i === 0 ? coldHttp : warmHttp).push(http.server);
        (i === 0 ? coldRoundTrip : warmRoundTrip).push(http.roundTrip);
        if (JSON.stringify(http.data) !== JSON.stringify(cold.result)) mismatches += 1;
      }
      for (const at of points) await shared.replay(draftId, at);
      for (const at of points) {
        const before = { statements: sharedClient.statements, rows: sharedClient.rows };
        const warm = await timed(() => shared.replay(draftId, at));
        warmInProcess.push(warm.duration);
        warmCpu.push(warm.cpuMs);
        warmReads.push({
          statements: sharedClient.statements - before.statements,
          rows: sharedClient.rows - before.rows,
        });
      }
    }

    const events = drafts.reduce((sum, draft) => sum + draft.lastVersion, 0) / drafts.length;
    process.stdout.write(
      `\n${drafts.length} drafts of ${events.toLocaleString('en-US')} events, state at ${pointCount} versions ` +
        `spread over each, one request at a time. Milliseconds:\n\n` +
        `${''.padEnd(34)}${'n'.padStart(6)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}\n` +
        `${line('in process, cold (no snapshot)', summarise(coldInProcess))}\n` +
        `${line('  its API CPU time', summarise(coldCpu))}\n` +
        `${line('in process, warm (snapshots)', summarise(warmInProcess))}\n` +
        `${line('  its API CPU time', summarise(warmCpu))}\n` +
        `${line('HTTP server-side, first of a draft', summarise(coldHttp))}\n` +
        `${line('HTTP server-side, later', summarise(warmHttp))}\n` +
        `${line('HTTP round trip, first of a draft', summarise(coldRoundTrip))}\n` +
        `${line('HTTP round trip, later', summarise(warmRoundTrip))}\n\n` +
        `Reads per replay (statements / rows, mean): cold ${mean(coldReads.map((r) => r.statements)).toFixed(1)} / ` +
        `${mean(coldReads.map((r) => r.rows)).toFixed(0)} (max ${Math.max(...coldReads.map((r) => r.rows))} rows), ` +
        `warm ${mean(warmReads.map((r) => r.statements)).toFixed(1)} / ${mean(warmReads.map((r) => r.rows)).toFixed(0)} ` +
        `(max ${Math.max(...warmReads.map((r) => r.rows))} rows); the draft has ${events.toLocaleString('en-US')} events\n` +
        `HTTP answers different from a cold in-process fold: ${mismatches}\n`,
    );
    const worst = Math.max(summarise(coldHttp).p95, summarise(warmHttp).p95, summarise(coldInProcess).p95);
    process.stdout.write(
      `Target ≤ ${TARGET_MS} ms server-side (p95, cold and warm): ${worst <= TARGET_MS ? 'met' : 'NOT met'} ` +
        `(worst p95 ${worst.toFixed(2)} ms)\n`,
    );
    if (mismatches > 0) process.exitCode = 1;
  } finally {
    await app.close();
    await dropBenchDatabase(name);
    await deleteRedisKeys(redisNamespaceFor(config.databaseName), config.redisUrl);
    process.stdout.write(`\nDropped ${name}.\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:replay failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
