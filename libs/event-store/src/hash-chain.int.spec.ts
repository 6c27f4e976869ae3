import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { backfillEventHashes } from './backfill-event-hashes.js';
import { eventHash, GENESIS_HASH } from './event-hash.js';
import type { SqlClient } from './event-store.types.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { WrongExpectedVersionError } from './wrong-expected-version.error.js';
import { createTestDatabase, uniqueStream, type TestDatabase } from './__tests__/test-database.js';

describe('hash chain: tamper evidence of the log', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('hash_chain');
    store = new PostgresEventStore(db.pool);
  });
  afterAll(() => db.drop());

  /** Edits the log the way an attacker with SQL access would: around the append-only trigger, in one transaction. */
  async function tamper(sql: string, params: unknown[]): Promise<void> {
    await store.withTransaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await tx.query(sql, params);
    });
  }

  async function appendDraft(streamId: string) {
    await store.append(
      streamId,
      [
        { type: 'DraftCreated', data: { name: 'Léague ☃', settings: { budget: 200, rosterSize: 20 } } },
        {
          type: 'PlayerNominated',
          data: { auctionId: 'a1', openingBid: 1, deadline: new Date('2025-01-01T00:00:30Z') },
        },
      ],
      { expectedVersion: 'no_stream', metadata: { actor: 'admin', gone: undefined } },
    );
    // Keys of different lengths (jsonb reorders them), nested arrays, and numbers jsonb prints differently.
    const tricky = {
      zz: 1,
      a: [{ bb: 2, c: 3 }],
      big: 12345678901234567000,
      tiny: 1e-7,
      huge: 1e21,
      neg: -0,
    };
    return store.append(
      streamId,
      [
        { type: 'BidPlaced', data: { teamId: 't1', amount: 2, ...tricky } },
        { type: 'BidPlaced', data: { teamId: 't2', amount: 3 } },
        { type: 'AuctionCompleted', data: { auctionId: 'a1', winnerTeamId: 't2', winningBid: 3 } },
      ],
      { expectedVersion: 2, commandId: `cmd-${streamId}` },
    );
  }

  it('stores a chain that verify accepts, computed on the form jsonb reads back', async () => {
    const streamId = uniqueStream('draft');
    await appendDraft(streamId);

    expect(await store.verifyStream(streamId)).toEqual({ ok: true, events: 5 });

    const { events } = await store.readStream(streamId);
    let previous = GENESIS_HASH;
    for (const event of events) {
      expect(event.hash).toBe(eventHash(event, previous));
      previous = event.hash!;
    }
    const head = await db.pool.query('SELECT last_hash FROM es_streams WHERE stream_id = $1', [streamId]);
    expect(head.rows[0].last_hash).toBe(previous);
  });

  it("chains 'any' appends from concurrent writers into one valid chain", async () => {
    const streamId = uniqueStream('chat');
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.append(streamId, [{ type: 'ChatMessage', data: { i } }], { expectedVersion: 'any' }),
      ),
    );
    expect(await store.verifyStream(streamId)).toEqual({ ok: true, events: 20 });
  });

  it('returns the stored hash for a retried command too', async () => {
    const streamId = uniqueStream('draft');
    const first = await appendDraft(streamId);
    const retry = await store.append(streamId, [{ type: 'BidPlaced', data: {} }], {
      expectedVersion: 2,
      commandId: `cmd-${streamId}`,
    });
    expect(retry.alreadyProcessed).toBe(true);
    expect(retry.recorded.map((e) => e.hash)).toEqual(first.recorded.map((e) => e.hash));
  });

  it('names the first edited event when one event is rewritten with SQL', async () => {
    const streamId = uniqueStream('draft');
    await appendDraft(streamId);
    const { events } = await store.readStream(streamId);
    const victim = events[3]!;
    await tamper(`UPDATE es_events SET data = jsonb_set(data, '{amount}', '30') WHERE global_position = $1`, [
      victim.globalPosition,
    ]);

    const result = await store.verifyStream(streamId);

    expect(result).toMatchObject({
      ok: false,
      brokenAt: { streamVersion: 4, globalPosition: victim.globalPosition },
    });
  });

  it('catches an edit of the metadata, and a recomputed hash breaks at the next event', async () => {
    const streamId = uniqueStream('draft');
    await appendDraft(streamId);
    const { events } = await store.readStream(streamId);
    const edited = { ...events[1]!, metadata: { actor: 'someone-else' } };
    // The attacker even recomputes the edited event's own hash: its successor still points at the old one.
    await tamper(`UPDATE es_events SET metadata = $2, hash = $3 WHERE global_position = $1`, [
      edited.globalPosition,
      edited.metadata,
      eventHash(edited, events[0]!.hash!),
    ]);

    expect(await store.verifyStream(streamId)).toMatchObject({
      ok: false,
      brokenAt: { streamVersion: 3, globalPosition: events[2]!.globalPosition },
    });
  });

  it('catches a deleted event in the middle and at the end of a stream', async () => {
    const middle = uniqueStream('draft');
    const end = uniqueStream('draft');
    await appendDraft(middle);
    await appendDraft(end);
    await tamper('DELETE FROM es_events WHERE stream_id = $1 AND stream_version = 2', [middle]);
    await tamper('DELETE FROM es_events WHERE stream_id = $1 AND stream_version = 5', [end]);

    expect(await store.verifyStream(middle)).toMatchObject({
      ok: false,
      brokenAt: { streamVersion: 2, globalPosition: null },
    });
    expect(await store.verifyStream(end)).toMatchObject({
      ok: false,
      brokenAt: { streamVersion: 5, globalPosition: null },
    });
  });

  it('catches a head moved back over events still stored (hidden from every read, and blocking the next append)', async () => {
    const streamId = uniqueStream('draft');
    await appendDraft(streamId);
    const { events } = await store.readStream(streamId);
    // es_streams put back one event, as a restore of an older copy of it (or someone hiding the last sale) would.
    await tamper('UPDATE es_streams SET version = 4, last_hash = $2 WHERE stream_id = $1', [
      streamId,
      events[3]!.hash,
    ]);

    expect(await store.verifyStream(streamId)).toEqual({
      ok: false,
      brokenAt: { streamVersion: 5, globalPosition: events[4]!.globalPosition },
      reason: "event 5 is stored past the stream's recorded head (4): the head was moved back",
    });
    // Every read bounded by the head skips event 5, and the next append collides with it.
    expect((await store.readStream(streamId)).version).toBe(4);
    await expect(
      store.append(streamId, [{ type: 'BidPlaced', data: { teamId: 't1', amount: 4 } }], {
        expectedVersion: 4,
      }),
    ).rejects.toThrow(WrongExpectedVersionError);
  });

  it('verifies an unknown stream as an empty, intact one', async () => {
    expect(await store.verifyStream(uniqueStream('nothing'))).toEqual({ ok: true, events: 0 });
  });

  it('backfills rows written before the chain, keeps the trigger, and later appends chain on', async () => {
    const streamId = uniqueStream('legacy');
    // The shape of a database from before the chain: rows and a head without hashes.
    await db.pool.query(
      `INSERT INTO es_events (stream_id, stream_version, type, data, metadata)
       VALUES ($1, 1, 'DraftCreated', '{"name": "old", "settings": {"budget": 200}}', '{"actor": "a"}'),
              ($1, 2, 'DraftStarted', '{"teamOrder": ["t1", "t2"]}', '{}')`,
      [streamId],
    );
    await db.pool.query('INSERT INTO es_streams (stream_id, version) VALUES ($1, 2)', [streamId]);
    expect(await store.verifyStream(streamId)).toMatchObject({ ok: false, brokenAt: { streamVersion: 1 } });

    const result = await store.withTransaction((tx: SqlClient) => backfillEventHashes(tx));

    expect(result.events).toBeGreaterThanOrEqual(2);
    expect(await store.verifyStream(streamId)).toEqual({ ok: true, events: 2 });
    await store.append(streamId, [{ type: 'PlayerNominated', data: { auctionId: 'a' } }], {
      expectedVersion: 2,
    });
    expect(await store.verifyStream(streamId)).toEqual({ ok: true, events: 3 });
    await expect(
      db.pool.query(`UPDATE es_events SET type = 'X' WHERE stream_id = $1`, [streamId]),
    ).rejects.toThrow(/append-only/);
    expect(await store.withTransaction((tx: SqlClient) => backfillEventHashes(tx))).toEqual({
      streams: 0,
      events: 0,
    });
  });
});
