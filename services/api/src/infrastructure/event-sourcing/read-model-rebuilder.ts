import { Inject, Injectable } from '@nestjs/common';
import {
  PostgresEventStore,
  readCommittedLog,
  type RecordedEvent,
  type SqlClient,
} from '@auction/event-store';
import type { Projection } from './projection.js';

export const REBUILD_BATCH_SIZE = 5_000;

/**
 * Truncates the given projections' tables, lets each reset what it writes into other tables (Projection.reset),
 * and replays the whole log through them, in one transaction: readers keep seeing the old rows until it commits,
 * and the TRUNCATE lock makes concurrent inline projections wait.
 * The log is read in this transaction, in one snapshot taken once the lock is held: every append that projected
 * before is committed and replayed; every later one waits on the lock and projects inline after the commit.
 * (Not readAll: it stops below the server's oldest open transaction, so any transaction open meanwhile, even
 * in another database or one waiting on this lock, left committed events out of the rebuilt tables.)
 */
@Injectable()
export class ReadModelRebuilder {
  constructor(@Inject(PostgresEventStore) private readonly store: PostgresEventStore) {}

  async rebuild(
    projections: readonly Projection[],
    batchSize = REBUILD_BATCH_SIZE,
  ): Promise<{ events: number }> {
    const tables = projections.flatMap((projection) => projection.tables);
    let replayed = 0;
    await this.store.withTransaction(async (tx) => {
      if (tables.length > 0) await tx.query(`TRUNCATE ${tables.join(', ')}`);
      for (const projection of projections) await projection.reset?.(tx);
      for await (const batch of readCommittedLog(tx, batchSize)) {
        await applyInLogOrder(tx, projections, batch);
        replayed += batch.length;
      }
    });
    return { events: replayed };
  }
}

/**
 * Projections may read each other's tables (a draft's projection updates team rows), so events are applied in
 * log order; consecutive events of one projection still go to it as one batch.
 */
export async function applyInLogOrder(
  tx: SqlClient,
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): Promise<void> {
  for (const run of runsByProjection(projections, events)) await run.projection.apply(tx, run.events);
}

export function runsByProjection(
  projections: readonly Projection[],
  events: readonly RecordedEvent[],
): { projection: Projection; events: RecordedEvent[] }[] {
  const runs: { projection: Projection; events: RecordedEvent[] }[] = [];
  for (const event of events) {
    for (const projection of projections) {
      if (!projection.handles(event.type)) continue;
      const last = runs.at(-1);
      if (last?.projection === projection) last.events.push(event);
      else runs.push({ projection, events: [event] });
    }
  }
  return runs;
}
