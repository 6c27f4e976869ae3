import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { ApiMetrics } from '../metrics/api-metrics.js';
import { migrations } from './migrations/index.js';
import { PipelinedConnections } from './pipelined-connections.js';
import { countStatements } from './statement-counter.js';

/** A `pg.Pool` for raw SQL (event store appends, projections, read queries). */
export const PG_POOL = Symbol('PG_POOL');

/** Connections in pipeline mode for the one-statement appends (ADR 0038): a `PipelinedConnections`, or null (0). */
export const PG_APPEND_CONNECTIONS = Symbol('PG_APPEND_CONNECTIONS');

// TypeORM only runs migrations (and whatever wants its query builder); the hot paths use PG_POOL.
const TYPEORM_POOL_SIZE = 3;

export function createDataSource(databaseUrl: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url: databaseUrl,
    migrations,
    migrationsTableName: 'typeorm_migrations',
    // Never: the schema is owned by the explicit migrations in ./migrations.
    synchronize: false,
    migrationsRun: false,
    poolSize: TYPEORM_POOL_SIZE,
    applicationName: 'auction-api:typeorm',
    logging: ['error'],
  });
}

@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      useFactory: async (config: AppConfig) => createDataSource(config.databaseUrl).initialize(),
      inject: [CONFIG],
    },
    {
      provide: PG_POOL,
      useFactory: (config: AppConfig, metrics?: ApiMetrics) => {
        const pool = new pg.Pool({
          connectionString: config.databaseUrl,
          max: config.databasePoolSize,
          application_name: 'auction-api',
        });
        // An idle client losing its connection must not crash the process; the next checkout reconnects.
        pool.on('error', () => undefined);
        if (metrics) countStatements(pool, () => metrics.countStatement());
        return pool;
      },
      // Optional: the CLI and some tests run without the metrics module.
      inject: [CONFIG, { token: ApiMetrics, optional: true }],
    },
    {
      provide: PG_APPEND_CONNECTIONS,
      useFactory: (config: AppConfig, metrics?: ApiMetrics) =>
        config.databaseAppendConnections === 0
          ? null
          : new PipelinedConnections({
              connectionString: config.databaseUrl,
              connections: config.databaseAppendConnections,
              applicationName: 'auction-api:appends',
              onStatement: metrics ? () => metrics.countStatement() : undefined,
            }),
      inject: [CONFIG, { token: ApiMetrics, optional: true }],
    },
  ],
  exports: [DataSource, PG_POOL, PG_APPEND_CONNECTIONS],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(PG_APPEND_CONNECTIONS) private readonly appendConnections: PipelinedConnections | null,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([
      this.pool.end(),
      this.appendConnections?.end(),
      this.dataSource.isInitialized ? this.dataSource.destroy() : null,
    ]);
  }
}
