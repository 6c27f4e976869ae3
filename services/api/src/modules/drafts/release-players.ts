import type { SqlClient } from '@auction/event-store';

/**
 * Hook for the players read model: marks the given players (provider ids, as picks store them) undrafted when
 * a draft that bought them is deleted. A no-op until a `players` table exists. The players issue owns that
 * table and must keep this statement in line with its columns (assumed here: `provider_id`, `is_drafted`).
 */
export async function releasePlayers(tx: SqlClient, playerIds: readonly string[]): Promise<void> {
  if (playerIds.length === 0) return;
  const { rows } = await tx.query<{ exists: boolean }>(`SELECT to_regclass('players') IS NOT NULL AS exists`);
  if (!rows[0]?.exists) return;
  await tx.query(`UPDATE players SET is_drafted = false WHERE provider_id = ANY($1::text[])`, [playerIds]);
}
