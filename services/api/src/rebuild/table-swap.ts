import pg from 'pg';
import type { SqlClient } from '@auction/event-store';
import type { LogProjection } from '../infrastructure/event-sourcing/projection.js';
import { inboundForeignKeys, type ConstraintDef } from './shadow-schema.js';
import { readEventsAfterSnapshot } from './snapshot-log-reader.js';

const ident = (name: string) => pg.escapeIdentifier(name);

export interface SwapPlan {
  shadow: string;
  /** Where the replaced live tables go; dropped after the commit. */
  retired: string;
  tables: readonly string[];
  projection: LogProjection;
  asyncCheckpoints: readonly string[];
  /** The last snapshot the shadow tables are complete for. */
  snapshot: string;
  /** Test hook: runs inside the swap transaction, after the renames, before the commit. */
  beforeCommit?: () => Promise<void>;
}

export interface SwapResult {
  tailEvents: number;
  /** Foreign keys of other tables re-pointed at the new tables, added NOT VALID: validate after the commit. */
  repointed: ConstraintDef[];
}

/**
 * The one short transaction that makes the shadow tables live. EXCLUSIVE on es_events is the log's append lock: it
 * waits for the appends in flight (each holds ROW EXCLUSIVE from its INSERT until its commit, projection included)
 * and holds new ones back, so after it every committed event is visible and no inline projection can write the
 * live tables. Then the last tail goes into the shadow tables with the projections' own code, the live tables move
 * to the retired schema and the shadow ones to public, and foreign keys of other tables are re-pointed. Readers
 * and appenders wait for the length of this transaction only. lock_timeout bounds the wait for our locks; the
 * caller retries.
 */
export async function swapInShadow(
  client: SqlClient,
  plan: SwapPlan,
  lockTimeoutMs: number,
): Promise<SwapResult> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL lock_timeout = '${Math.round(lockTimeoutMs)}ms'`);
    await client.query('LOCK TABLE es_events IN EXCLUSIVE MODE');
    // The async runner takes this lock per batch (pg_try_advisory_xact_lock): wait for its batch in flight, and keep
    // it off the tables until the new checkpoint is in.
    for (const name of plan.asyncCheckpoints) {
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('async-projection:' || $1))`, [name]);
    }
    const tail = await readEventsAfterSnapshot(client, plan.snapshot);
    if (tail.length > 0) {
      await client.query(`SET LOCAL search_path TO ${ident(plan.shadow)}, public`);
      await plan.projection.apply(tail, client);
      await client.query('SET LOCAL search_path TO public');
    }
    const live = plan.tables.map((table) => `public.${ident(table)}`).join(', ');
    await client.query(`LOCK TABLE ${live} IN ACCESS EXCLUSIVE MODE`);
    const repointed = await inboundForeignKeys(client, plan.tables);
    for (const fk of repointed) {
      await client.query(`ALTER TABLE public.${ident(fk.table)} DROP CONSTRAINT ${ident(fk.name)}`);
    }
    await client.query(`CREATE SCHEMA ${ident(plan.retired)}`);
    for (const table of plan.tables) {
      await client.query(`ALTER TABLE public.${ident(table)} SET SCHEMA ${ident(plan.retired)}`);
      await client.query(`ALTER TABLE ${ident(plan.shadow)}.${ident(table)} SET SCHEMA public`);
    }
    for (const fk of repointed) {
      await client.query(
        `ALTER TABLE public.${ident(fk.table)} ADD CONSTRAINT ${ident(fk.name)} ${fk.definition} NOT VALID`,
      );
    }
    await setCheckpoints(client, plan.asyncCheckpoints);
    await plan.beforeCommit?.();
    await client.query('COMMIT');
    return { tailEvents: tail.length, repointed };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * An asynchronous projection's checkpoint after the swap. Its new tables hold every committed event, but the
 * gap-safe reader must not pass a transaction still able to append below it (one that took its stream row, then
 * waited on our append lock, holds an older transaction id). So the checkpoint is the last event below the
 * snapshot's xmin; the few events above it are applied again, which an asynchronous projection absorbs (it is
 * idempotent by position).
 */
async function setCheckpoints(client: SqlClient, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await client.query(
    `INSERT INTO projection_checkpoints (name, transaction_id, global_position, updated_at)
     SELECT n.name, coalesce(last.transaction_id, '0'::xid8), coalesce(last.global_position, 0), now()
     FROM unnest($1::text[]) AS n(name)
     LEFT JOIN (SELECT transaction_id, global_position FROM es_events
                WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
                ORDER BY transaction_id DESC, global_position DESC LIMIT 1) AS last ON true
     ON CONFLICT (name) DO UPDATE SET transaction_id = EXCLUDED.transaction_id,
       global_position = EXCLUDED.global_position, updated_at = EXCLUDED.updated_at`,
    [names],
  );
}

const RETRYABLE = new Set(['55P03', '40P01']);

/** Lock not granted in time (busy readers, or a deadlock with an append): worth another try. */
export function isRetryableSwapError(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: string } | null)?.code ?? '');
}
