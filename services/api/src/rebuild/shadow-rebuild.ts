import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { readCommittedLog, type SqlClient } from '@auction/event-store';
import { tablesOf, type RebuildUnit } from './rebuild-unit.js';
import { createShadowTables, dropStaleShadows, finishShadowTables, SHADOW_PREFIX } from './shadow-schema.js';
import {
  countSnapshotEvents,
  currentSnapshot,
  openSnapshot,
  readEventsAfterSnapshot,
  readSnapshotLog,
} from './snapshot-log-reader.js';
import { isRetryableSwapError, swapInShadow } from './table-swap.js';

/** Stages a test can fail (or pause, to kill the process) at; each is a point where live tables must stay as they were. */
export const REBUILD_STAGES = [
  'shadow-created',
  'bulk-written',
  'tables-finished',
  'caught-up',
  'swapping',
] as const;
export type RebuildStage = (typeof REBUILD_STAGES)[number];

export interface ShadowRebuildOptions {
  /** Called at each stage; throwing there aborts the rebuild (failure tests), awaiting there pauses it. */
  onStage?: (stage: RebuildStage) => Promise<void> | void;
  /** Catch-up rounds stop once a round's tail is this small; the rest goes in the swap transaction. */
  swapTailLimit?: number;
  maxCatchUpRounds?: number;
  lockTimeoutMs?: number;
  swapAttempts?: number;
}

export interface ShadowRebuildReport {
  unit: string;
  tables: string[];
  /** Events in the log at the snapshot (what the rebuilt tables are a fold of, before the catch-up). */
  events: number;
  /** Of those, the ones the bulk pass read (the fold's types). */
  foldedEvents: number;
  caughtUpEvents: number;
  swapTailEvents: number;
  swapAttempts: number;
  bulkMs: number;
  finishMs: number;
  swapMs: number;
  wallMs: number;
  eventsPerSecond: number;
}

/** One rebuild at a time per database: a second would fight over the swap and drop the first one's schema. */
const REBUILD_LOCK = `hashtext('auction.read-model-rebuild')`;
const ident = (name: string) => pg.escapeIdentifier(name);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Rebuilds a unit's tables without stopping the drafts (docs/adr/0023): fold the log as of one snapshot into
 * shadow tables in a `rebuild_<id>` schema, finish them (logged, keys, indexes, foreign keys), catch up with the
 * events appended meanwhile through the projections' own code, then swap them in with one short transaction that
 * holds the append lock. Until that commit the live tables are untouched; a failure drops the shadow schema, and
 * a kill leaves it for the next rebuild to drop.
 */
export async function rebuildInShadow(
  pool: pg.Pool,
  unit: RebuildUnit,
  options: ShadowRebuildOptions = {},
): Promise<ShadowRebuildReport> {
  const started = performance.now();
  const tables = tablesOf(unit);
  const main = await pool.connect();
  const id = randomBytes(4).toString('hex');
  const shadow = `${SHADOW_PREFIX}${id}`;
  let locked = false;
  try {
    const { rows } = await main.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(${REBUILD_LOCK}) AS locked`,
    );
    locked = rows[0]!.locked;
    if (!locked) throw new Error('another read-model rebuild is running on this database');
    await dropStaleShadows(main);
    await createShadowTables(main, shadow, tables);
    await options.onStage?.('shadow-created');

    const bulkStarted = performance.now();
    const bulk = await bulkPass(pool, main, unit, shadow, tables);
    const bulkMs = performance.now() - bulkStarted;
    await options.onStage?.('bulk-written');

    const finishStarted = performance.now();
    if (bulk.folded) await finishShadowTables(main, shadow, tables);
    const finishMs = performance.now() - finishStarted;
    await options.onStage?.('tables-finished');

    const caughtUp = await catchUp(main, unit, shadow, bulk.snapshot, options);
    await options.onStage?.('caught-up');

    const swapStarted = performance.now();
    const swap = await swapWithRetries(
      main,
      unit,
      shadow,
      `${SHADOW_PREFIX}retired_${id}`,
      tables,
      caughtUp.snapshot,
      options,
    );
    const swapMs = performance.now() - swapStarted;
    await afterSwap(main, shadow, `${SHADOW_PREFIX}retired_${id}`, swap.repointed);

    const wallMs = performance.now() - started;
    return {
      unit: unit.name,
      tables,
      events: bulk.events,
      foldedEvents: bulk.foldedEvents,
      caughtUpEvents: caughtUp.events,
      swapTailEvents: swap.tailEvents,
      swapAttempts: swap.attempts,
      bulkMs,
      finishMs,
      swapMs,
      wallMs,
      eventsPerSecond: wallMs > 0 ? Math.round((bulk.events / wallMs) * 1000) : bulk.events,
    };
  } catch (error) {
    await main.query('ROLLBACK').catch(() => undefined);
    await main.query(`DROP SCHEMA IF EXISTS ${ident(shadow)} CASCADE`).catch(() => undefined);
    throw error;
  } finally {
    if (locked) await main.query(`SELECT pg_advisory_unlock(${REBUILD_LOCK})`).catch(() => undefined);
    main.release();
  }
}

interface BulkResult {
  snapshot: string;
  events: number;
  foldedEvents: number;
  /** True when the tables were written bare (a fold) and still need their keys and indexes. */
  folded: boolean;
}

/**
 * The log as of one snapshot, into the shadow tables: through the unit's fold (read only the types it needs, write
 * once at the end) or, without one, through the projections' `apply` in batches (keys and indexes first, since
 * `apply` relies on them).
 */
async function bulkPass(
  pool: pg.Pool,
  main: pg.PoolClient,
  unit: RebuildUnit,
  shadow: string,
  tables: readonly string[],
): Promise<BulkResult> {
  const reader = await pool.connect();
  try {
    const snapshot = await openSnapshot(reader);
    const fold = unit.createFold?.();
    let foldedEvents = 0;
    if (fold) {
      await fold.prepare?.(reader);
      for await (const page of readSnapshotLog(reader, fold.eventTypes)) {
        for (const event of page) fold.add(event);
        foldedEvents += page.length;
      }
    } else {
      await finishShadowTables(main, shadow, tables);
    }
    const events = await countSnapshotEvents(reader);
    if (fold) {
      await inShadowTransaction(main, shadow, (tx) => fold.write(tx, new Set(tables)));
    } else {
      for await (const batch of readCommittedLog(reader, 5_000)) {
        await inShadowTransaction(main, shadow, (tx) => unit.projection.apply(batch, tx));
        foldedEvents += batch.length;
      }
    }
    await reader.query('COMMIT');
    return { snapshot, events, foldedEvents, folded: fold !== undefined };
  } catch (error) {
    await reader.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    reader.release();
  }
}

/** A transaction whose unqualified table names resolve to the shadow tables first. */
async function inShadowTransaction(
  client: pg.PoolClient,
  shadow: string,
  fn: (tx: SqlClient) => Promise<void>,
): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`SET LOCAL search_path TO ${ident(shadow)}, public`);
    await fn(client);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/**
 * Applies, round by round, the events committed since the last snapshot (each round in one REPEATABLE READ
 * transaction, so its snapshot is exactly what it applied), until a round's tail is small enough for the swap.
 */
async function catchUp(
  main: pg.PoolClient,
  unit: RebuildUnit,
  shadow: string,
  snapshot: string,
  options: ShadowRebuildOptions,
): Promise<{ snapshot: string; events: number }> {
  const limit = options.swapTailLimit ?? 500;
  const rounds = options.maxCatchUpRounds ?? 20;
  let events = 0;
  let current = snapshot;
  for (let round = 0; round < rounds; round++) {
    await main.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    try {
      const next = await currentSnapshot(main);
      const tail = await readEventsAfterSnapshot(main, current);
      if (tail.length > 0) {
        await main.query(`SET LOCAL search_path TO ${ident(shadow)}, public`);
        await unit.projection.apply(tail, main);
      }
      await main.query('COMMIT');
      current = next;
      events += tail.length;
      if (tail.length <= limit) break;
    } catch (error) {
      await main.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
  return { snapshot: current, events };
}

async function swapWithRetries(
  main: pg.PoolClient,
  unit: RebuildUnit,
  shadow: string,
  retired: string,
  tables: readonly string[],
  snapshot: string,
  options: ShadowRebuildOptions,
): Promise<{
  tailEvents: number;
  attempts: number;
  repointed: Awaited<ReturnType<typeof swapInShadow>>['repointed'];
}> {
  const attempts = options.swapAttempts ?? 5;
  let current = snapshot;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await swapInShadow(
        main,
        {
          shadow,
          retired,
          tables,
          projection: unit.projection,
          asyncCheckpoints: unit.asyncCheckpoints,
          snapshot: current,
          beforeCommit: () => Promise.resolve(options.onStage?.('swapping')),
        },
        options.lockTimeoutMs ?? 3_000,
      );
      return { ...result, attempts: attempt };
    } catch (error) {
      if (!isRetryableSwapError(error) || attempt >= attempts) throw error;
      // Meanwhile more events landed: take them in outside the lock so the next attempt's tail stays short.
      current = (await catchUp(main, unit, shadow, current, { ...options, maxCatchUpRounds: 1 })).snapshot;
      await sleep(100 * attempt);
    }
  }
}

/** After the commit: validate the re-pointed foreign keys, drop the retired tables and the emptied shadow schema. */
async function afterSwap(
  main: pg.PoolClient,
  shadow: string,
  retired: string,
  repointed: readonly { table: string; name: string }[],
): Promise<void> {
  for (const fk of repointed) {
    await main.query(`ALTER TABLE public.${ident(fk.table)} VALIDATE CONSTRAINT ${ident(fk.name)}`);
  }
  await main.query(`DROP SCHEMA IF EXISTS ${ident(retired)} CASCADE`);
  await main.query(`DROP SCHEMA IF EXISTS ${ident(shadow)} CASCADE`);
}
