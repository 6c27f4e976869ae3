import { draftIdOf, type DraftEventMessage } from '@auction/kafka';
import type pg from 'pg';
import {
  applyOpsEvent,
  isLastSecond,
  NEW_DRAFT,
  type AuctionFact,
  type BidFact,
  type DraftOpsState,
} from './figures/ops-fold.js';
import type { OpsAggregates, PartitionLag, RelayPosition } from './figures/ops-figures.js';
import { opsSchemaSql } from './ops.schema.js';

interface DraftRow {
  draft_id: string;
  status: DraftOpsState['status'];
  last_position: string;
  open_auctions: DraftOpsState['openAuctions'];
}

/** PostgreSQL side of the ops consumer: applies batches of messages and aggregates the figures. */
export class OpsStore {
  constructor(
    private readonly pool: pg.Pool,
    private readonly relayName: string,
  ) {}

  async ensureSchema(): Promise<void> {
    await this.pool.query(opsSchemaSql);
  }

  /**
   * Applies a batch in one transaction. Draft rows are locked first, so two consumers (a rebalance overlap)
   * apply one draft's events one after the other; a message at or below a draft's last position is a
   * redelivery and changes nothing. Returns how many messages were new.
   */
  async applyBatch(messages: readonly DraftEventMessage[]): Promise<number> {
    const draftMessages = messages.filter((m) => draftIdOf(m.streamId) !== null);
    if (draftMessages.length === 0) return 0;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const states = await this.lockDrafts(client, [
        ...new Set(draftMessages.map((m) => draftIdOf(m.streamId)!)),
      ]);
      const bids: (BidFact & { draftId: string })[] = [];
      const auctions: (AuctionFact & { draftId: string })[] = [];
      let applied = 0;
      for (const message of draftMessages) {
        const draftId = draftIdOf(message.streamId)!;
        const step = applyOpsEvent(states.get(draftId) ?? NEW_DRAFT, message);
        if (step.duplicate) continue;
        applied += 1;
        states.set(draftId, step.state);
        if (step.bid) bids.push({ ...step.bid, draftId });
        if (step.completedAuction) auctions.push({ ...step.completedAuction, draftId });
      }
      await this.saveDrafts(client, states);
      await this.saveBids(client, bids);
      await this.saveAuctions(client, auctions);
      await client.query('COMMIT');
      return applied;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async lockDrafts(client: pg.PoolClient, draftIds: string[]): Promise<Map<string, DraftOpsState>> {
    const { rows } = await client.query<DraftRow>(
      'SELECT * FROM ops_drafts WHERE draft_id = ANY($1) ORDER BY draft_id FOR UPDATE',
      [draftIds],
    );
    return new Map(
      rows.map((row) => [
        row.draft_id,
        { status: row.status, lastPosition: Number(row.last_position), openAuctions: row.open_auctions },
      ]),
    );
  }

  private async saveDrafts(client: pg.PoolClient, states: Map<string, DraftOpsState>): Promise<void> {
    const rows = [...states].map(([draftId, s]) => ({ draftId, ...s }));
    await client.query(
      `INSERT INTO ops_drafts (draft_id, status, last_position, open_auctions, updated_at)
       SELECT r."draftId", r.status, r."lastPosition", r."openAuctions", now()
       FROM jsonb_to_recordset($1::jsonb) AS r("draftId" text, status text, "lastPosition" bigint, "openAuctions" jsonb)
       ON CONFLICT (draft_id) DO UPDATE SET status = EXCLUDED.status, last_position = EXCLUDED.last_position,
         open_auctions = EXCLUDED.open_auctions, updated_at = now()`,
      [JSON.stringify(rows)],
    );
  }

  private async saveBids(client: pg.PoolClient, bids: (BidFact & { draftId: string })[]): Promise<void> {
    if (bids.length === 0) return;
    const rows = bids.map((b) => ({ ...b, lastSecond: isLastSecond(b.msBeforeDeadline) }));
    // ON CONFLICT: the position is the bid's identity, so a bid is never counted twice.
    await client.query(
      `INSERT INTO ops_bids (global_position, draft_id, auction_id, placed_at, ms_before_deadline, last_second)
       SELECT r."globalPosition", r."draftId", r."auctionId", r."placedAt", r."msBeforeDeadline", r."lastSecond"
       FROM jsonb_to_recordset($1::jsonb) AS r("globalPosition" bigint, "draftId" text, "auctionId" text,
         "placedAt" timestamptz, "msBeforeDeadline" bigint, "lastSecond" boolean)
       ON CONFLICT (global_position) DO NOTHING`,
      [JSON.stringify(rows)],
    );
  }

  private async saveAuctions(
    client: pg.PoolClient,
    auctions: (AuctionFact & { draftId: string })[],
  ): Promise<void> {
    if (auctions.length === 0) return;
    await client.query(
      `INSERT INTO ops_auctions (auction_id, draft_id, nominated_at, completed_at, duration_ms)
       SELECT r."auctionId", r."draftId", r."nominatedAt", r."completedAt", r."durationMs"
       FROM jsonb_to_recordset($1::jsonb) AS r("auctionId" text, "draftId" text, "nominatedAt" timestamptz,
         "completedAt" timestamptz, "durationMs" bigint)
       ON CONFLICT (auction_id) DO NOTHING`,
      [JSON.stringify(auctions)],
    );
  }

  async saveConsumerLag(topic: string, partitions: PartitionLag[], measuredAt: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO ops_consumer_lag (topic, partition, high_watermark, committed_offset, lag, measured_at)
       SELECT $1, r.partition, r."highWatermark", r."committedOffset", r.lag, $3
       FROM jsonb_to_recordset($2::jsonb) AS r(partition int, "highWatermark" bigint, "committedOffset" bigint, lag bigint)
       ON CONFLICT (topic, partition) DO UPDATE SET high_watermark = EXCLUDED.high_watermark,
         committed_offset = EXCLUDED.committed_offset, lag = EXCLUDED.lag, measured_at = EXCLUDED.measured_at`,
      [topic, JSON.stringify(partitions), measuredAt],
    );
  }

  async readAggregates(topic: string, now: Date): Promise<OpsAggregates> {
    const [drafts, bids, series, auctions, relay, consumer] = await Promise.all([
      this.pool.query<{ status: string; n: number }>(
        'SELECT status, count(*)::int AS n FROM ops_drafts GROUP BY status',
      ),
      this.pool.query(
        `SELECT count(*)::int AS total,
           count(*) FILTER (WHERE placed_at > $1::timestamptz - interval '1 minute')::int AS last_minute,
           count(*) FILTER (WHERE placed_at > $1::timestamptz - interval '5 minutes')::int AS last_five,
           count(*) FILTER (WHERE last_second)::int AS last_second,
           count(last_second)::int AS judged
         FROM ops_bids`,
        [now],
      ),
      this.pool.query<{ minute: Date; bids: number }>(
        `SELECT m.minute, count(b.global_position)::int AS bids
         FROM generate_series(date_trunc('minute', $1::timestamptz) - interval '29 minutes',
                              date_trunc('minute', $1::timestamptz), interval '1 minute') AS m(minute)
         LEFT JOIN ops_bids b ON b.placed_at >= m.minute AND b.placed_at < m.minute + interval '1 minute'
         GROUP BY m.minute ORDER BY m.minute`,
        [now],
      ),
      this.pool.query('SELECT count(*)::int AS n, avg(duration_ms)::float8 AS avg FROM ops_auctions'),
      this.readRelayPosition(),
      this.pool.query('SELECT * FROM ops_consumer_lag WHERE topic = $1 ORDER BY partition', [topic]),
    ]);
    const b = bids.rows[0];
    return {
      draftsByStatus: Object.fromEntries(drafts.rows.map((r) => [r.status, r.n])),
      bids: {
        total: b.total,
        lastMinute: b.last_minute,
        lastFiveMinutes: b.last_five,
        lastSecond: b.last_second,
        judged: b.judged,
      },
      bidsPerMinuteSeries: series.rows.map((r) => ({ minute: r.minute.toISOString(), bids: r.bids })),
      auctions: { completed: auctions.rows[0].n, averageLengthMs: auctions.rows[0].avg },
      relay,
      consumer:
        consumer.rows.length === 0
          ? null
          : {
              measuredAt: (consumer.rows[0].measured_at as Date).toISOString(),
              partitions: consumer.rows.map((r) => ({
                partition: r.partition,
                highWatermark: Number(r.high_watermark),
                committedOffset: r.committed_offset === null ? null : Number(r.committed_offset),
                lag: Number(r.lag),
              })),
            },
    };
  }

  /**
   * How far the relay is behind the log, read from its checkpoint and es_events (same database). Counted in
   * the relay's own order, so an event committed late behind a long transaction counts as not relayed yet.
   * Null when this database has no relay (no checkpoint table).
   */
  private async readRelayPosition(): Promise<RelayPosition | null> {
    const { rows } = await this.pool.query(
      `SELECT to_regclass('relay_checkpoints') IS NOT NULL AND to_regclass('es_events') IS NOT NULL AS ready`,
    );
    if (!rows[0].ready) return null;
    const result = await this.pool.query(
      `WITH cp AS (
         SELECT coalesce(max(transaction_id::text), '0')::xid8 AS tx, coalesce(max(global_position), 0) AS pos,
                max(updated_at) AS updated_at
         FROM relay_checkpoints WHERE name = $1
       ), behind AS (
         SELECT e.recorded_at FROM es_events e, cp
         WHERE (e.transaction_id, e.global_position) > (cp.tx, cp.pos) LIMIT 1000000
       )
       SELECT cp.pos, cp.updated_at, (SELECT coalesce(max(global_position), 0) FROM es_events) AS newest,
              (SELECT count(*) FROM behind) AS behind, (SELECT min(recorded_at) FROM behind) AS oldest
       FROM cp`,
      [this.relayName],
    );
    const row = result.rows[0];
    return {
      relayedPosition: Number(row.pos),
      newestPosition: Number(row.newest),
      eventsBehind: Number(row.behind),
      oldestUnrelayedAt: row.oldest ? (row.oldest as Date).toISOString() : null,
      checkpointUpdatedAt: row.updated_at ? (row.updated_at as Date).toISOString() : null,
    };
  }
}
