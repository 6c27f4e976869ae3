import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DraftEventMessage } from '@auction/kafka';
import pg from 'pg';
import { OpsStore } from './ops.store.js';
import { createTestDatabase, waitFor, type TestDatabase } from './__tests__/ops-test-kit.js';

// Two consumers storing one partition's messages at once (a rebalance overlap: the old owner is still storing a batch
// when the new owner starts from the last committed offset).
let db: TestDatabase;
let store: OpsStore;

beforeAll(async () => {
  db = await createTestDatabase('overlap');
  store = new OpsStore(db.pool, 'draft-events');
  await store.ensureSchema();
});
afterAll(async () => {
  await db.drop();
});

/** Sessions of this database waiting on a lock. */
async function waitingOnLocks(): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}

describe('OpsStore.applyBatch', () => {
  it('never moves a new draft back when an overlapping consumer stores an older batch of it last', async () => {
    const draftId = randomUUID();
    const auctionId = randomUUID();
    const now = Date.now();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1_000).toISOString();
    const message = (
      globalPosition: number,
      type: string,
      data: Record<string, unknown>,
    ): DraftEventMessage => ({
      globalPosition,
      streamId: `draft-${draftId}`,
      streamVersion: globalPosition,
      type,
      data,
      metadata: {},
      recordedAt: at(0),
      hash: null,
    });
    const messages = [
      message(1, 'DraftStarted', {}),
      message(2, 'PlayerNominated', { auctionId, nominatedAt: at(60), deadline: at(30) }),
      message(3, 'BidPlaced', { auctionId, teamId: 't', amount: 2, at: at(50), deadline: at(30) }),
      message(4, 'AuctionCompleted', { auctionId, winnerTeamId: 't', winningBid: 2, completedAt: at(30) }),
      message(5, 'DraftCompleted', { completedAt: at(29) }),
    ];
    // A third session holds the bid's row: the newer batch stops there, after writing its draft row, until released.
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(
      `INSERT INTO ops_bids (global_position, draft_id, auction_id, placed_at) VALUES (3, $1, $2, now())`,
      [draftId, auctionId],
    );
    const newer = store.applyBatch(messages);
    await waitFor('the newer batch to wait on the bid row', async () => (await waitingOnLocks()) === 1);
    const older = store.applyBatch(messages.slice(0, 2));
    await waitFor('the older batch to wait on the draft row', async () => (await waitingOnLocks()) === 2);
    await holder.query('ROLLBACK');
    await holder.end();
    await Promise.all([newer, older]);

    const { rows } = await db.pool.query(
      'SELECT status, last_position, open_auctions FROM ops_drafts WHERE draft_id = $1',
      [draftId],
    );
    expect(rows).toEqual([{ status: 'completed', last_position: '5', open_auctions: {} }]);
    const figures = await store.readAggregates('t', new Date());
    expect(figures.auctions.completed).toBe(1);
  });
});
