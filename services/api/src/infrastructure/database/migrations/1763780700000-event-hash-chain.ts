import { backfillEventHashes, eventStoreSchemaSql, type SqlClient } from '@auction/event-store';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log's hash chain (docs/adr/0009-event-hash-chain.md). A database created before it has es_events
 * rows and es_streams heads without hashes: the idempotent event-store DDL adds the columns, then the rows are
 * hashed stream by stream in version order inside this migration's transaction, so verify holds for them and
 * new appends chain on. Migrations run before the app serves, so no append races the backfill.
 */
export class EventHashChain1763780700000 implements MigrationInterface {
  name = 'EventHashChain1763780700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(eventStoreSchemaSql);
    await backfillEventHashes(sqlClientOf(queryRunner));
  }

  async down(): Promise<void> {
    // The hashes are part of the log's history, never dropped by a migration.
  }
}

function sqlClientOf(queryRunner: QueryRunner): SqlClient {
  return {
    async query(text: string, params?: unknown[]) {
      const result = await queryRunner.query(text, params, true);
      return { rows: result.records, rowCount: result.affected ?? null };
    },
  };
}
