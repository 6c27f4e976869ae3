import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Pool } from 'pg';
import { generateOneDraft } from '../../bench/draft-log-generator.js';
import { insertGeneratedLog } from '../../bench/draft-log-insert.js';
import { startTestApp, type TestApp } from '../../test-support/app-harness.js';
import { poolOf } from '../teams/__tests__/league-test-kit.js';
import { foldEvents, type AuditFold } from './audit-fold.js';
import { AuditSnapshots } from './audit-snapshots.js';
import { DraftAudit } from './draft-audit.js';
import { toDraftEvent } from './draft-log.reader.js';

let t: TestApp;
let pool: Pool;
let draftId: string;
let lastVersion: number;

/** The draft after event `at`, folded from the whole stored log 1..at (no snapshot, no row left out). */
async function fullFold(at: number): Promise<AuditFold> {
  const events = await new DraftAudit(pool).eventsUpTo(draftId, at);
  return foldEvents(events.map((event) => toDraftEvent(event, draftId)).filter((event) => event !== null));
}

beforeAll(async () => {
  t = await startTestApp();
  pool = poolOf(t);
  // A whole generated draft (12 teams × 20 players, 3..11 bids an auction): 2,6xx events.
  const { events, streams } = generateOneDraft({ minBids: 3 }, 7);
  await insertGeneratedLog(pool, events, streams);
  const created = events.find((event) => event.type === 'DraftCreated')!;
  draftId = String(created.data['draftId']);
  lastVersion = streams.get(created.streamId)!.version;
});

afterAll(async () => {
  await t?.close();
});

describe('the audit state at event N', () => {
  it('equals a full fold of events 1..N, with and without snapshots, in any order of requests', async () => {
    const bidVersions = (await new DraftAudit(pool).eventsUpTo(draftId, lastVersion))
      .filter((event) => event.type === 'BidPlaced')
      .map((event) => event.streamVersion);
    // The first events, snapshot stretches' edges, mid-auction points (bids), the middle and the end.
    const points = [
      1,
      2,
      3,
      99,
      100,
      101,
      bidVersions[0]!,
      bidVersions[5]!,
      bidVersions[Math.floor(bidVersions.length / 2)]!,
      Math.floor(lastVersion / 2),
      bidVersions.at(-1)!,
      lastVersion - 1,
      lastVersion,
    ];
    const warm = new DraftAudit(pool, new AuditSnapshots());
    for (const at of [...points, ...[...points].reverse(), ...points]) {
      const expected = await fullFold(at);
      expect({ at, fold: (await warm.stateAt(draftId, at)).fold }).toEqual({ at, fold: expected });
      expect({ at, fold: (await new DraftAudit(pool).stateAt(draftId, at)).fold }).toEqual({
        at,
        fold: expected,
      });
    }
    expect((await warm.stateAt(draftId)).at).toBe(lastVersion);
  });

  it('shows every bid of the auction open at N', async () => {
    const events = await new DraftAudit(pool).eventsUpTo(draftId, lastVersion);
    const nominated = events.filter((event) => event.type === 'PlayerNominated')[40]!;
    const bids = events.filter(
      (event) => event.type === 'BidPlaced' && event.data['auctionId'] === nominated.data['auctionId'],
    );
    const at = bids.at(-1)!.streamVersion;
    const warm = new DraftAudit(pool, new AuditSnapshots());
    await warm.stateAt(draftId, lastVersion); // snapshots all the way
    const { fold } = await warm.stateAt(draftId, at);
    expect(fold.auction?.bids.map((bid) => bid.amount)).toEqual([
      nominated.data['openingBid'],
      ...bids.map((bid) => bid.data['amount']),
    ]);
  });

  it('never serves a snapshot of a log that changed since (same draft id, another chain)', async () => {
    const snapshots = new AuditSnapshots();
    const audit = new DraftAudit(pool, snapshots);
    const before = (await audit.stateAt(draftId)).fold;
    expect(snapshots.size).toBe(1);
    // A restore of another history under the same id: the first sale cost $99, and the hash chain differs from
    // that event on (positions stay, as they would not after a real restore: the hash alone must catch it).
    const stream = `draft-${draftId}`;
    const { rows } = await pool.query<{ v: number }>(
      `SELECT min(stream_version) AS v FROM es_events WHERE stream_id = $1 AND type = 'PlayerSold'`,
      [stream],
    );
    const sold = rows[0]!.v;
    // The log is append-only (a trigger): only a restore-like session that skips triggers may rewrite it.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL session_replication_role = replica');
      await client.query(
        `UPDATE es_events SET data = jsonb_set(data, '{pick,cost}', '99')
         WHERE stream_id = $1 AND stream_version = $2`,
        [stream, sold],
      );
      await client.query(
        'UPDATE es_events SET hash = md5(hash) WHERE stream_id = $1 AND stream_version >= $2',
        [stream, sold],
      );
      await client.query('COMMIT');
    } finally {
      client.release();
    }

    const after = (await audit.stateAt(draftId)).fold;
    expect(after.picks[0]!.cost).toBe(99);
    expect(before.picks[0]!.cost).not.toBe(99);
    expect(after).toEqual(await fullFold(lastVersion));
    const midway = Math.floor(lastVersion / 2);
    expect((await audit.stateAt(draftId, midway)).fold).toEqual(await fullFold(midway));
  });
});
