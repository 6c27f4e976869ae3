import { Global, Module } from '@nestjs/common';
import { PostgresEventStore } from '@auction/event-store';
import type { Pool } from 'pg';
import { PG_APPEND_CONNECTIONS, PG_POOL } from '../database/database.module.js';
import type { PipelinedConnections } from '../database/pipelined-connections.js';
import { AsyncProjections } from './async-projections.js';
import { CommandPruner } from './command-pruner.js';
import { ReadModelRebuilder } from './read-model-rebuilder.js';
import { StreamCommandRunner } from './stream-command-runner.js';

/** The write side's plumbing, global so every feature module's handlers can run commands. */
@Global()
@Module({
  providers: [
    {
      provide: PostgresEventStore,
      useFactory: (pool: Pool, appends: PipelinedConnections | null) =>
        new PostgresEventStore(pool, appends ?? pool),
      inject: [PG_POOL, PG_APPEND_CONNECTIONS],
    },
    StreamCommandRunner,
    ReadModelRebuilder,
    AsyncProjections,
    CommandPruner,
  ],
  exports: [PostgresEventStore, StreamCommandRunner, ReadModelRebuilder, AsyncProjections, CommandPruner],
})
export class EventSourcingModule {}
