import { START, type Checkpoint, type SqlClient } from '@auction/event-store';

/** The relay's own table, created at start-up (idempotent), next to the log it reads. */
export const relaySchemaSql = `
CREATE TABLE IF NOT EXISTS relay_checkpoints (
  name text PRIMARY KEY,
  transaction_id xid8 NOT NULL,
  global_position bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);`;

/** Where a relay has published up to: the (transaction id, position) key the gap-safe readAll pages by. */
export class RelayCheckpointStore {
  constructor(private readonly db: SqlClient) {}

  async ensureSchema(): Promise<void> {
    await this.db.query(relaySchemaSql);
  }

  async load(name: string): Promise<Checkpoint> {
    const { rows } = await this.db.query<{ transaction_id: string; global_position: string }>(
      'SELECT transaction_id::text AS transaction_id, global_position FROM relay_checkpoints WHERE name = $1',
      [name],
    );
    const row = rows[0];
    return row ? { transactionId: row.transaction_id, globalPosition: Number(row.global_position) } : START;
  }

  async save(name: string, checkpoint: Checkpoint): Promise<void> {
    await this.db.query(
      `INSERT INTO relay_checkpoints (name, transaction_id, global_position, updated_at)
       VALUES ($1, $2::xid8, $3, now())
       ON CONFLICT (name) DO UPDATE
       SET transaction_id = EXCLUDED.transaction_id, global_position = EXCLUDED.global_position, updated_at = now()`,
      [name, checkpoint.transactionId, checkpoint.globalPosition],
    );
  }
}
