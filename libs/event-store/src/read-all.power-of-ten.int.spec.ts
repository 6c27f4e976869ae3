import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { checkpointOf, compareCheckpoints } from './checkpoint.js';
import { eventStoreSchemaSql } from './event-store.schema.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { formatLogRaceReport, runLogRace } from './__tests__/log-race.js';
import {
  CLOG_PAGE_XIDS,
  clusterPool,
  startThrowawayCluster,
  type ThrowawayCluster,
} from './__tests__/throwaway-cluster.js';

/** 10,000,000 − 5,760: the last commit-log page start below 10^7, so the run below goes across it. */
const NEXT_TRANSACTION_ID = Math.floor(10_000_000 / CLOG_PAGE_XIDS) * CLOG_PAGE_XIDS;

/**
 * The transaction counter is cluster-wide and only moves forward, so the shared server cannot be put just below
 * a power of ten: this file starts a cluster of its own and sets the next transaction id with pg_resetwal.
 */
describe('readAll while transaction ids cross a power of ten (own cluster)', () => {
  let cluster: ThrowawayCluster | undefined;
  let pool: pg.Pool | undefined;
  let store: PostgresEventStore;

  beforeAll(async () => {
    cluster = await startThrowawayCluster({ nextTransactionId: NEXT_TRANSACTION_ID });
    pool = clusterPool(cluster, 8);
    await pool.query(eventStoreSchemaSql);
    store = new PostgresEventStore(pool);
  }, 90_000);

  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    await cluster?.destroy();
  }, 30_000);

  it('4 writers x 2,500 appends, some held open 100-500 ms, readers paging by 100 (during and after): every event once, in order', async () => {
    const report = await runLogRace(store, {
      writers: 4,
      appendsPerWriter: 2_500,
      pageSize: 100,
      holdEvery: 125,
      holdMs: [100, 500],
      timeoutMs: 100_000,
    });
    console.info(formatLogRaceReport(report));

    expect(BigInt(report.firstTransactionId)).toBeLessThan(10_000_000n);
    expect(report.powersOfTenCrossed).toEqual(['10000000']);
    expect(report.heldOpen).toBe(4 * 20);
    expect(report.eventsWritten).toBe(10_000);
    const logOrder = [...report.written]
      .sort((a, b) => compareCheckpoints(checkpointOf(a), checkpointOf(b)))
      .map((e) => e.globalPosition);
    for (const reader of [report.live, report.catchUp]) {
      expect({
        duplicates: reader.duplicates,
        missing: reader.missing,
        outOfOrder: reader.outOfOrder,
      }).toEqual({
        duplicates: 0,
        missing: 0,
        outOfOrder: 0,
      });
      expect(reader.eventsRead).toBe(10_000);
      expect(reader.delivered.map((e) => e.globalPosition)).toEqual(logOrder);
      // Each writer's appends were sequential, so its stream arrives whole and in version order.
      for (const streamId of new Set(report.written.map((e) => e.streamId))) {
        const versions = reader.delivered.filter((e) => e.streamId === streamId).map((e) => e.streamVersion);
        expect(versions).toEqual(Array.from({ length: 2_500 }, (_, i) => i + 1));
      }
    }
  }, 120_000);
});
