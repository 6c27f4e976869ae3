export { DatabaseModule, PG_APPEND_CONNECTIONS, PG_POOL, createDataSource } from './database.module.js';
export { PipelinedConnections } from './pipelined-connections.js';
export { runMigrations } from './run-migrations.js';
