import { readAllIn, START, type Checkpoint, type SqlClient } from '@auction/event-store';
import type { Pool } from 'pg';
import type { LogProjection } from './projection.js';

export interface AsyncProjectionOptions {
  /** Events per batch (one transaction each). */
  batchSize: number;
  /** Pause between rounds once every projection has caught up. */
  pollMs: number;
}

export interface ProjectionLag {
  name: string;
  /** Global position of the last event applied (0 before the first). */
  position: number;
  /** Committed events after that checkpoint, not applied yet. */
  lag: number;
}

/**
 * Runs asynchronous projections (ADR 0022): each follows the log with the gap-safe reader from its own checkpoint
 * in `projection_checkpoints`. A batch is one transaction: a transaction-level advisory lock on the projection's
 * name (so one instance of the API runs it at a time; the others skip), the checkpoint, the page of the log, the
 * projection's writes and the new checkpoint. The checkpoint moves only with the writes, so a crash or `kill -9`
 * anywhere loses nothing and applies nothing twice: the open transaction and its lock die with the connection and
 * the next run starts again from the saved checkpoint.
 */
export class AsyncProjectionRunner {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly pool: Pool,
    readonly projections: readonly LogProjection[],
    private readonly options: AsyncProjectionOptions,
    private readonly onError: (projection: string, error: unknown) => void = () => undefined,
    /** After every round (metrics). */
    private readonly afterRound: () => void = () => undefined,
  ) {}

  /**
   * One batch of one projection. The number of events applied, or null when another instance holds the
   * projection's lock.
   */
  async step(projection: LogProjection): Promise<number | null> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_xact_lock(hashtext('async-projection:' || $1)) AS locked`,
        [projection.name],
      );
      if (!rows[0]!.locked) {
        await client.query('ROLLBACK');
        return null;
      }
      // Read before any write: the reader stops below the oldest open transaction, which would then be this one.
      const page = await readAllIn(
        client,
        await checkpointOf(client, projection.name),
        this.options.batchSize,
        projection.eventTypes,
      );
      if (page.events.length > 0) {
        await projection.apply(page.events, client);
        await saveCheckpoint(client, projection.name, page.checkpoint);
      }
      await client.query('COMMIT');
      return page.events.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /**
   * Batches until the projection has read all it could (or another instance runs it). Events applied. A page shorter
   * than a batch ends it: the reader gave everything then readable, so another step would be a transaction (five
   * round trips) for nothing — on draft night, every round's last one; what commits meanwhile waits for the next round.
   */
  async catchUp(projection: LogProjection): Promise<number> {
    let applied = 0;
    for (;;) {
      const n = await this.step(projection);
      if (!n) return applied;
      applied += n;
      if (n < this.options.batchSize) return applied;
    }
  }

  /** Polls: every projection catches up, then the runner sleeps pollMs. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.round = this.runRound().finally(() => {
        this.round = null;
        this.afterRound();
        if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs);
      });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.round;
  }

  /** Each projection's checkpoint and how many committed events it has not applied yet. */
  async lag(): Promise<ProjectionLag[]> {
    const names = this.projections.map((projection) => projection.name);
    if (names.length === 0) return [];
    const { rows } = await this.pool.query<{ name: string; position: string; lag: number }>(
      `SELECT n.name, coalesce(c.global_position, 0)::text AS position,
              (SELECT count(*)::int FROM es_events e
               WHERE (e.transaction_id, e.global_position) >
                     (coalesce(c.transaction_id, '0'::xid8), coalesce(c.global_position, 0))) AS lag
       FROM unnest($1::text[]) WITH ORDINALITY AS n(name, i)
       LEFT JOIN projection_checkpoints c ON c.name = n.name
       ORDER BY n.i`,
      [names],
    );
    return rows.map((row) => ({ name: row.name, position: Number(row.position), lag: row.lag }));
  }

  private async runRound(): Promise<void> {
    for (const projection of this.projections) {
      if (this.stopped) return;
      try {
        await this.catchUp(projection);
      } catch (error) {
        this.onError(projection.name, error);
      }
    }
  }
}

async function checkpointOf(client: SqlClient, name: string): Promise<Checkpoint> {
  const { rows } = await client.query<{ transaction_id: string; global_position: string }>(
    `SELECT transaction_id::text AS transaction_id, global_position::text AS global_position
     FROM projection_checkpoints WHERE name = $1`,
    [name],
  );
  const row = rows[0];
  return row ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) } : START;
}

async function saveCheckpoint(client: SqlClient, name: string, checkpoint: Checkpoint): Promise<void> {
  await client.query(
    `INSERT INTO projection_checkpoints (name, transaction_id, global_position, updated_at)
     VALUES ($1, $2::xid8, $3, now())
     ON CONFLICT (name) DO UPDATE
     SET transaction_id = excluded.transaction_id, global_position = excluded.global_position,
         updated_at = excluded.updated_at`,
    [name, checkpoint.transactionId, checkpoint.globalPosition],
  );
}
