/**
 * `npm run fuzz` (repository root): 10,000 fuzzed HTTP inputs and 2,000 fuzzed socket commands against the real
 * app on a database of its own (dropped afterwards). Every operation of the app's OpenAPI document and every
 * string it reads (path and query parameters, body fields), and every socket command's payload, get U+0000,
 * unpaired surrogates, 100 KB strings, wrong types and `__proto__` keys, as anonymous, a plain user, a team owner
 * and the admin. Prints the 5xx count (and sockets' "Internal server error" answers) with a breakdown, then checks
 * that nothing stored was corrupted and the league still reads.
 *
 * FUZZ_SEED (default 20251123) makes a run reproducible; FUZZ_INPUTS and FUZZ_SOCKET_INPUTS change the counts.
 * Exits 1 when any input got a 5xx.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { createApp } from '../bootstrap.js';
import { TokenService } from '../common/auth/token.service.js';
import { loadConfig } from '../config/config.js';
import { PG_POOL } from '../infrastructure/database/database.module.js';
import { redisNamespaceFor } from '../infrastructure/redis/redis-namespace.js';
import { PlayerCatalogueWriter, loadBundledPlayers } from '../modules/player-sync/index.js';
import { fuzzCases, fuzzPlan } from './fuzz/fuzz-cases.js';
import { replacementCharacterRows, sanityReads } from './fuzz/fuzz-checks.js';
import { runHttpFuzz, summariseFuzz } from './fuzz/fuzz-runner.js';
import { createFuzzWorld } from './fuzz/fuzz-world.js';
import { operationsOf, type OpenApiDocument } from './fuzz/openapi-operations.js';
import { runSocketFuzz, socketCases, summariseSocketFuzz } from './fuzz/socket-fuzz.js';
import {
  BENCH_REGISTER_RATE_LIMIT,
  benchDatabaseUrl,
  deleteRedisKeys,
  dropBenchDatabase,
} from './bench-app.js';

const SEED = Number(process.env['FUZZ_SEED'] ?? 20251123);
const INPUTS = Number(process.env['FUZZ_INPUTS'] ?? 10_000);
const SOCKET_INPUTS = Number(process.env['FUZZ_SOCKET_INPUTS'] ?? 2_000);

const print = (line = '') => process.stdout.write(`${line}\n`);
const counts = (record: Record<string, number>) =>
  Object.entries(record)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${key}: ${count}`)
    .join(', ');

async function main(): Promise<number> {
  const name = `auction_bench_fuzz_${randomBytes(4).toString('hex')}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: randomBytes(24).toString('hex'),
    REDIS_URL: process.env['REDIS_URL'],
    DATABASE_URL: benchDatabaseUrl(name),
    HOST: '127.0.0.1',
    PORT: '0',
    // Fuzzed registrations that succeed come from 127.0.0.1; a 429 would hide what the route does with the input.
    REGISTER_RATE_LIMIT: BENCH_REGISTER_RATE_LIMIT,
  });
  print(`Database ${name}: migrating, building the fuzz world…`);
  const { app } = await createApp(config);
  try {
    await app.listen(0, '127.0.0.1');
    const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const pool = app.get<pg.Pool>(PG_POOL);
    const document = (await (await fetch(`${baseUrl}/api/docs-json`)).json()) as OpenApiDocument;
    const operations = operationsOf(document);
    const world = await createFuzzWorld(
      baseUrl,
      config.admin,
      async () => app.get(PlayerCatalogueWriter).upsert(await loadBundledPlayers()),
      (user) => app.get(TokenService).sign(user),
    );
    const before = await replacementCharacterRows(pool);

    const started = Date.now();
    const summary = summariseFuzz(await runHttpFuzz(baseUrl, world, fuzzCases(operations, INPUTS, SEED)));
    print(
      `\n${summary.total} fuzzed HTTP inputs (seed ${SEED}; ${operations.length} operations, ` +
        `${fuzzPlan(operations).length} (input, payload, role) combinations) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    print(`  by status: ${counts(summary.byStatus)}`);
    print(`  answered without the envelope (before the app): ${counts(summary.notEnveloped) || 'none'}`);
    print(
      `  most time: ${summary.slowest
        .slice(0, 5)
        .map((s) => `${s.operation} ${(s.totalMs / 1000).toFixed(1)} s/${s.requests}`)
        .join(', ')}`,
    );
    print(`  5xx (or no answer): ${summary.serverFailures}`);
    for (const { key, count, example } of summary.failuresBy)
      print(`    ${String(count).padStart(5)}  ${key}\n           e.g. ${example.slice(0, 160)}`);

    const socket = await runSocketFuzz(baseUrl, world, socketCases(SOCKET_INPUTS, SEED));
    const socketSummary = summariseSocketFuzz(socket);
    print(`\n${socketSummary.total} fuzzed socket commands`);
    print(`  answers: ${counts(socketSummary.byAnswer)}`);
    print(
      `  "Internal server error" answers: ${socket.internalErrors}; server disconnects: ${socket.disconnects}`,
    );
    for (const { key, count } of socketSummary.internalErrorsBy)
      print(`    ${String(count).padStart(5)}  ${key}`);

    const after = await replacementCharacterRows(pool);
    const corrupted = Object.keys(after).filter((table) => after[table]! > (before[table] ?? 0));
    const problems = await sanityReads(baseUrl, world);
    print(
      `\nTables that gained U+FFFD (an unpaired surrogate stored as something else): ${corrupted.map((t) => `${t} (+${after[t]! - (before[t] ?? 0)})`).join(', ') || 'none'}`,
    );
    print(
      `Sanity reads after fuzzing: ${problems.length === 0 ? 'all fine' : problems.map((p) => `${p.check}: ${p.detail}`).join('; ')}`,
    );
    return summary.serverFailures + socket.internalErrors + corrupted.length + problems.length;
  } finally {
    await app.close();
    await dropBenchDatabase(name);
    await deleteRedisKeys(redisNamespaceFor(config.databaseName), config.redisUrl);
    print(`\nDropped ${name}.`);
  }
}

main().then(
  (failures) => process.exit(failures > 0 ? 1 : 0),
  (error: unknown) => {
    process.stderr.write(
      `Fuzzing failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
