/**
 * `npm run bench:search` (repository root): p50/p95/p99 latency of 2,000 mixed player searches over the full
 * bundled pool (573 players), on a database of its own that is dropped afterwards.
 *
 * Figures from this machine, one request at a time (latency, not throughput):
 *  - handler: the SearchPlayersQuery through the QueryBus, in process (normalisation + PostgreSQL round trip +
 *    mapping): the server-side cost of a search;
 *  - HTTP server-side: from the moment the HTTP server receives GET /api/players/search to the moment the answer
 *    is written (auth guard with its own query, validation, search, JSON);
 *  - HTTP round trip: the same seen by a fetch client in this process over loopback (adds the client's work);
 *  - for scale, GET /api/auth/me: the same HTTP stack and auth guard without a search.
 * It also prints the plan PostgreSQL caches for a typo search on the search's sessions (bitmap scans of the
 * trigram index) and, for contrast, on default planner settings (reading the whole table).
 *
 * BENCH_EXTRA_PLAYERS=50000 adds that many made-up players (real first names with real last names) to see how
 * the search scales; the searches still look for the real players.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryBus } from '@nestjs/cqrs';
import pg from 'pg';
import { createApp } from '../bootstrap.js';
import { loadConfig } from '../config/config.js';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { redisNamespaceFor } from '../infrastructure/redis/redis-namespace.js';
import { PlayerCatalogueWriter, loadBundledPlayers } from '../modules/player-sync/index.js';
import {
  explainCachedPlan,
  playerSearchStatement,
  PlayerSearchPool,
  SearchPlayersQuery,
} from '../modules/players/index.js';
import {
  searchQueryString,
  searchWorkload,
  summarise,
  type LatencySummary,
  type PoolPlayer,
} from './search-workload.js';
import { benchDatabaseUrl, deleteRedisKeys, dropBenchDatabase } from './bench-app.js';

const SEARCHES = 2_000;
const WARM_UP = 200;
const TARGET_P95_MS = 5;
const EXTRA_PLAYERS = Number(process.env['BENCH_EXTRA_PLAYERS'] ?? 0);

/** Made-up players: every real first name with every real last name, a deterministic sample of them. */
const INSERT_EXTRA_PLAYERS = `
  INSERT INTO players (provider, provider_id, name, search_name, position, projected_points, adp)
  SELECT 'bench', 'bench-' || row_number() OVER (), f || ' ' || l, player_search_name(f || ' ' || l),
         (ARRAY['QB', 'RB', 'WR', 'TE', 'K', 'DEF'])[1 + abs(hashtext(f || l)) % 6],
         round((abs(hashtext(l || f)) % 3000) / 10.0, 1), NULL
  FROM (SELECT DISTINCT split_part(name, ' ', 1) AS f FROM players) firsts
  CROSS JOIN (SELECT DISTINCT split_part(name, ' ', 2) AS l FROM players WHERE name LIKE '% %') lasts
  WHERE NOT EXISTS (SELECT 1 FROM players p WHERE p.name = f || ' ' || l)
  ORDER BY md5(f || l)
  LIMIT $1`;

/**
 * A draft under way in which one player in ten is sold (read-model rows only: the searches read picks, not the
 * log). Answers the draft's id.
 */
const DRAFT_ONE_IN_TEN = `
  WITH draft AS (
    INSERT INTO drafts (id, name, status, teams_count, players_per_team, budget_per_team, draft_type, created_at,
                        version)
    VALUES (gen_random_uuid(), 'Bench draft', 'active', 1, 20, 260, 'auction', now(), 0) RETURNING id
  ), team AS (
    INSERT INTO teams (id, name, team_number, budget_total, created_at, updated_at, name_compared)
    VALUES (gen_random_uuid(), 'Bench team', 1, 260, now(), now(), 'bench team') RETURNING id
  ), sold AS (
    INSERT INTO picks (id, draft_id, pick_number, player_id, player_name, position, team_id, cost, created_at,
                       picked_at)
    SELECT gen_random_uuid(), draft.id, row_number() OVER (ORDER BY p.provider_id), p.provider_id, p.name,
           p.position, team.id, 1, now(), now()
    FROM players p, draft, team WHERE abs(hashtext(p.provider_id)) % 10 = 0
  )
  SELECT id AS draft_id FROM draft`;

const ms = (value: number) => value.toFixed(2).padStart(7);
const row = (label: string, s: LatencySummary) =>
  `${label.padEnd(22)}${ms(s.p50)}${ms(s.p95)}${ms(s.p99)}${ms(s.mean)}${ms(s.max)}`;

async function main(): Promise<void> {
  const name = `auction_bench_search_${randomBytes(4).toString('hex')}`;
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
  process.stdout.write(`Database ${name}: migrating, loading the bundled pool…\n`);
  const { app } = await createApp(config);
  try {
    await app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const pool = app.get<pg.Pool>(PG_POOL);

    const loaded = await app.get(PlayerCatalogueWriter).upsert(await loadBundledPlayers());
    const { rows: real } = await pool.query<PoolPlayer>(
      'SELECT name, position FROM players ORDER BY provider_id',
    );
    if (EXTRA_PLAYERS > 0) await pool.query(INSERT_EXTRA_PLAYERS, [EXTRA_PLAYERS]);
    const { rows: counted } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM players');
    // A draft under way: one player in ten is drafted in it, so available=true has something to leave out. The
    // searches read that draft's availability (draftId), as the draft room does.
    const { rows: drafted } = await pool.query<{ draft_id: string }>(DRAFT_ONE_IN_TEN);
    const draftId = drafted[0]!.draft_id;
    // The steady state autovacuum reaches after a sync: statistics, and the trigram index's pending entries merged
    // (a GIN index keeps fresh entries in a list it must scan whole until then).
    await pool.query('VACUUM ANALYZE players');
    await pool.query('VACUUM ANALYZE picks');
    const workload = searchWorkload(real, SEARCHES);
    const warmUp = searchWorkload(real, WARM_UP, 7);

    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: config.admin.email, password: config.admin.password }),
    });
    const { token, user } = ((await login.json()) as { data: { token: string; user: { _id: string } } }).data;
    const adminId = user._id;

    const queryBus = app.get(QueryBus);
    const viaHandler = async (search: (typeof workload)[number]) => {
      const started = performance.now();
      const players = await queryBus.execute(
        new SearchPlayersQuery(
          search.q.trim(),
          { position: search.position, availableOnly: search.available },
          search.limit,
          { userId: adminId, draftId },
        ),
      );
      return { duration: performance.now() - started, results: players.length };
    };
    // Server-side HTTP time: first 'request' listener (before Express) to the response's 'finish'.
    const serverTimes: number[] = [];
    (app.getHttpServer() as Server).prependListener('request', (_request, response) => {
      const received = performance.now();
      response.on('finish', () => serverTimes.push(performance.now() - received));
    });
    const get = async (path: string) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { data: { players?: unknown[] } | null };
      if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
      return { duration: performance.now() - started, body };
    };
    const viaHttp = async (search: (typeof workload)[number]) => {
      const { duration, body } = await get(
        `/api/players/search?${searchQueryString(search)}&draftId=${draftId}`,
      );
      return { duration, results: body.data!.players!.length };
    };

    const run = async (via: typeof viaHandler) => {
      for (const search of warmUp) await via(search);
      const results = [];
      for (const search of workload) results.push({ search, ...(await via(search)) });
      return results;
    };
    const handler = await run(viaHandler);
    const http = await run(viaHttp);
    const httpServer = serverTimes.slice(-SEARCHES);
    const me = [];
    for (let i = 0; i < WARM_UP + SEARCHES; i += 1) me.push((await get('/api/auth/me')).duration);
    const meServer = serverTimes.slice(-SEARCHES);

    const empty = handler.filter((result) => result.results === 0).length;
    process.stdout.write(
      `\n${SEARCHES} searches over ${counted[0]!.n} players (${loaded.total} real; ${empty} searches found ` +
        `nothing), one at a time, ` +
        `after ${WARM_UP} warm-up searches. Milliseconds:\n\n` +
        `${''.padEnd(22)}${'p50'.padStart(7)}${'p95'.padStart(7)}${'p99'.padStart(7)}${'mean'.padStart(7)}${'max'.padStart(7)}\n` +
        `${row('handler (server-side)', summarise(handler.map((r) => r.duration)))}\n` +
        `${row('HTTP server-side', summarise(httpServer))}\n` +
        `${row('HTTP round trip', summarise(http.map((r) => r.duration)))}\n` +
        `${row('/auth/me server-side', summarise(meServer))}\n` +
        `${row('/auth/me round trip', summarise(me.slice(-SEARCHES)))}\n\nHandler time by kind of search:\n`,
    );
    for (const kind of [...new Set(workload.map((search) => search.kind))].sort()) {
      const durations = handler.filter((result) => result.search.kind === kind).map((r) => r.duration);
      process.stdout.write(`${row(`  ${kind} (${durations.length})`, summarise(durations))}\n`);
    }

    const p95 = summarise(handler.map((r) => r.duration)).p95;
    process.stdout.write(
      `\nTarget p95 < ${TARGET_P95_MS} ms server-side: ${p95 < TARGET_P95_MS ? 'met' : 'NOT met'} (${p95.toFixed(2)} ms)\n`,
    );

    // The plan each connection caches for a typo search, on the search's sessions and, for contrast, on default
    // settings (the shared pool's).
    const statement = playerSearchStatement('jahmyr gibs', 'fuzzy', { availableOnly: false }, 20, draftId);
    const plan = async (source: pg.Pool) => {
      const client = await source.connect();
      try {
        return (await explainCachedPlan(client, statement))
          .filter((line) => /Scan on players|Execution Time/.test(line))
          .join('\n');
      } finally {
        client.release();
      }
    };
    process.stdout.write(
      `\nCached plan of a typo search ("jahmyr gibs") on the search's sessions:\n` +
        `${await plan(app.get(PlayerSearchPool).pool)}\n` +
        `\nThe same on default planner settings (cpu_operator_cost 0.0025):\n${await plan(pool)}\n`,
    );
  } finally {
    await app.close();
    await dropBenchDatabase(name);
    await deleteRedisKeys(redisNamespaceFor(config.databaseName), config.redisUrl);
    process.stdout.write(`\nDropped ${name}.\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
