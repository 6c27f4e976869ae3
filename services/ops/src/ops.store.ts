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
import { opsSchemaSql, readOpsAggregates, type OpsAggregates, type PartitionLag } from '@auction/ops-figures';

interface DraftRow {
  draft_id: string;
  status: DraftOpsState['status'];
  last_position: string;
  open_auctions: DraftOpsState['openAuctions'];
}

/** A message the ops tables could not hold, skipped, with PostgreSQL's reason. */
export interface RefusedMessage {
  message: DraftEventMessage;
  reason: string;
}

export interface AppliedBatch {
  /** Messages that were new (not redeliveries) and stored. */
  applied: number;
  refused: RefusedMessage[];
}

/**
 * PostgreSQL refused the data itself (SQLSTATE class 22 data exception, 23 integrity constraint violation, 54 program
 * limit exceeded): the same rows would be refused at every try. A lost connection or a deadlock is not one of these.
 */
function refusesData(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54)/.test(code);
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
   * redelivery and changes nothing. Answers how many messages were new, and the messages the tables refused.
   *
   * A message whose data PostgreSQL refuses (a time it cannot read, a NUL, an id too long for an index) would fail
   * its batch at every redelivery, and the consumer would never get past it: kafkajs retries the batch, restarts,
   * and starts again at the same offset, so every figure stops while the lag grows. Such a batch is applied again one
   * message at a time, and the refused ones are skipped like records that are not messages at all.
   */
  async applyBatch(messages: readonly DraftEventMessage[]): Promise<AppliedBatch> {
    const draftMessages = messages.filter((m) => draftIdOf(m.streamId) !== null);
    if (draftMessages.length === 0) return { applied: 0, refused: [] };
    try {
      return { applied: await this.applyInOneTransaction(draftMessages), refused: [] };
    } catch (error) {
      if (!refusesData(error)) throw error;
    }
    let applied = 0;
    const refused: RefusedMessage[] = [];
    for (const message of draftMessages) {
      try {
        applied += await this.applyInOneTransaction([message]);
      } catch (error) {
        if (!refusesData(error)) throw error;
        refused.push({ message, reason: (error as Error).message });
      }
    }
    return { applied, refused };
  }

  private async applyInOneTransaction(draftMessages: readonly DraftEventMessage[]): Promise<number> {
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
    // A draft ops has not seen yet has no row to lock: two consumers would both fold its first events from scratch,
    // and the one committing last wrote its older state over the newer (a completed draft back to active, its closed
    // auction open again). Its row is created first, as a new draft's: the second consumer waits on that insert,
    // then locks the row the first one committed and finds its messages already applied.
    await client.query(
      `INSERT INTO ops_drafts (draft_id, status, last_position)
       SELECT id, $2, $3 FROM unnest($1::text[]) AS id ORDER BY id
       ON CONFLICT (draft_id) DO NOTHING`,
      [draftIds, NEW_DRAFT.status, NEW_DRAFT.lastPosition],
    );
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

  /** The figures' raw counts (the read side lives in @auction/ops-figures, shared with the API). */
  readAggregates(topic: string, now: Date): Promise<OpsAggregates> {
    return readOpsAggregates(this.pool, { topic, relayName: this.relayName }, now);
  }
}
