import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createDatabaseIfMissing } from '@auction/event-store';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { answerParserErrorsWithEnvelope, stampReceivedAt } from './common/http/index.js';
import type { AppConfig } from './config/config.js';
import { RedisIoAdapter } from './gateway/redis-io.adapter.js';
import { PG_POOL } from './infrastructure/database/database.module.js';
import { preferLocalSocket } from './infrastructure/database/local-socket.js';
import { createRootLogger, httpRequestLogger, PinoNestLogger } from './infrastructure/logging/pino-logger.js';
import { ApiMetrics, httpMetricsMiddleware } from './infrastructure/metrics/index.js';
import { runMigrations } from './infrastructure/database/run-migrations.js';
import { redisNamespaceFor } from './infrastructure/redis/redis-namespace.js';
import { setupOpenApi } from './openapi.js';
import { runSeed, type SeedResult } from './seed/index.js';
import { serveWebApp } from './web/serve-web.js';
import { refuseDeclaredOversizeBodies } from './common/http/oversize-body.js';

/** 100 KB (docs/product.md §14). */
export const JSON_BODY_LIMIT_BYTES = 100 * 1024;

export interface CreatedApp {
  app: NestExpressApplication;
  seed: SeedResult;
  webAppBuilt: boolean;
}

/**
 * Everything but `listen`: the database (created if missing), the Nest app, migrations, seed data. main.ts and
 * the integration-test harness both start the app through here, so tests boot exactly what production runs.
 */
export async function createApp(requested: AppConfig): Promise<CreatedApp> {
  await createDatabaseIfMissing(requested.databaseUrl);
  const transport = await preferLocalSocket(requested.databaseUrl, {
    enabled: requested.databasePreferSocket,
  });
  const config: AppConfig = { ...requested, databaseUrl: transport.url };
  const rootLogger = createRootLogger(config);
  rootLogger.info(
    { socketDirectory: transport.socketDirectory },
    `PostgreSQL over ${transport.socketDirectory ? 'its Unix socket' : "the URL's host and port"}: ${transport.reason}`,
  );
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new PinoNestLogger(rootLogger),
    // JSON only (docs/product.md §7.1): Nest's default would also read form bodies, and skip JSON sent as text/plain.
    bodyParser: false,
  });
  // Not telling every client which framework answers.
  app.disable('x-powered-by');
  // request.ip, which per-address rate limits count by: X-Forwarded-For is read only from the proxies TRUST_PROXY
  // names, so a client cannot choose its own address (Express's default, false, made explicit).
  app.set('trust proxy', config.trustProxy);
  app.use(httpMetricsMiddleware(app.get(ApiMetrics)));
  app.use(httpRequestLogger(rootLogger));
  answerParserErrorsWithEnvelope(app.getHttpServer());

  app.use(refuseDeclaredOversizeBodies(JSON_BODY_LIMIT_BYTES));
  // Every body is read as JSON whatever its Content-Type says: JSON sent as text/plain (or with none) is read, and a
  // form or multipart body is answered "Malformed JSON body" instead of being ignored as if nothing was sent.
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT_BYTES, type: () => true });
  // Once the body is in, before the guards (a token check reads the database): the time a bid counts from.
  app.use(stampReceivedAt);
  // /metrics stays at the root, where Prometheus looks by default.
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  // Bearer tokens, no cookies: any origin may call (the Vite dev server runs on another port).
  app.enableCors({ origin: true });
  const socketAdapter = new RedisIoAdapter(app, config.redisUrl, redisNamespaceFor(config.databaseName));
  app.useWebSocketAdapter(socketAdapter);
  const webAppBuilt = serveWebApp(app, config.webDistDir);
  setupOpenApi(app, packageVersion());

  // Migrations run before init, so no lifecycle hook (timers, projections) can see an old schema.
  await runMigrations(app.get(DataSource), app.get<Pool>(PG_POOL));
  await app.init();
  const seed = await runSeed(app);
  // Before any socket is served: the instances already running must publish their broadcasts again (ADR 0025).
  await socketAdapter.ready();
  return { app, seed, webAppBuilt };
}

/** services/api/package.json's version (dist/ and src/ are both one level below it). */
export function packageVersion(): string {
  return (
    JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
  ).version;
}
