export { DatabaseModule, PG_POOL, createDataSource } from './database.module.js';
export { runMigrations } from './run-migrations.js';
