import type { PlayerSyncResult } from '@auction/contracts';
import type { Pool } from 'pg';
import type { TestApp, TestResponse } from '../../../test-support/app-harness.js';

export function syncPlayers(app: TestApp, token: string): Promise<TestResponse<PlayerSyncResult | null>> {
  return app.request<PlayerSyncResult | null>('POST', '/api/players/sync', { token });
}

/** Every column of every player, in a stable order: "the pool is untouched" compares two of these. */
export async function poolSnapshot(pool: Pool): Promise<unknown[]> {
  const { rows } = await pool.query(`SELECT * FROM players ORDER BY provider, provider_id`);
  return rows;
}

export async function playerRow(pool: Pool, providerId: string): Promise<Record<string, unknown>> {
  const { rows } = await pool.query(
    `SELECT provider, provider_id, name, search_name, position, team, jersey_number, age, status, injury_status,
            projected_points::float8 AS projected_points, adp::float8 AS adp, auction_value::float8 AS auction_value,
            updated_at, synced_at
     FROM players WHERE provider = 'sleeper' AND provider_id = $1`,
    [providerId],
  );
  if (!rows[0]) throw new Error(`no player ${providerId}`);
  return rows[0] as Record<string, unknown>;
}

export async function countPlayers(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(`SELECT count(*)::int AS count FROM players`);
  return rows[0]!.count;
}
