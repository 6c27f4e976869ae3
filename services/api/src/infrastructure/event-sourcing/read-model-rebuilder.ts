import { Inject, Injectable } from '@nestjs/common';
import { PostgresEventStore, readCommittedLog } from '@auction/event-store';
import type { LogProjection } from './projection.js';

export const REBUILD_BATCH_SIZE = 5_000;

/**
 * Truncates the given projections' tables and replays the whole log through them, in one transaction: readers keep
 * seeing the old rows until it commits, and the TRUNCATE lock makes concurrent inline projections wait.
 * The log is read in this transaction, in one snapshot taken once the lock is held: every append that projected
 * before is committed and replayed; every later one waits on the lock and projects inline after the commit.
 * (Not readAll: it stops below the server's oldest open transaction, so any transaction open meanwhile, even
 * in another database or one waiting on this lock, left committed events out of the rebuilt tables.)
 * Each projection derives its tables from events alone (projection.ts), so they need no order among themselves.
 */
@Injectable()
export class ReadModelRebuilder {
  constructor(@Inject(PostgresEventStore) private readonly store: PostgresEventStore) {}

  async rebuild(
    projections: readonly LogProjection[],
    batchSize = REBUILD_BATCH_SIZE,
  ): Promise<{ events: number }> {
    const tables = projections.flatMap((projection) => projection.tables);
    let replayed = 0;
    await this.store.withTransaction(async (tx) => {
      if (tables.length > 0) await tx.query(`TRUNCATE ${tables.join(', ')}`);
      for await (const batch of readCommittedLog(tx, batchSize)) {
        for (const projection of projections) await projection.apply(batch, tx);
        replayed += batch.length;
      }
    });
    return { events: replayed };
  }
}
