import type { Pick } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';

/*
 * The draft state of the `players` table (is_drafted, cost, drafted_by_team_id, draft_id): a projection of the
 * draft streams, written by DraftProjection inside the append's transaction. The player sync never writes these
 * columns, so a drafted player stays drafted across syncs. Picks name players by provider id (`picks.player_id`
 * = `players.provider_id`). A pick of an id the catalogue does not hold changes no row.
 */

/** PlayerSold: the player belongs to the buying team, in this draft, for this cost. */
export async function markPlayerDrafted(tx: SqlClient, draftId: string, pick: Pick): Promise<void> {
  await tx.query(
    `UPDATE players SET is_drafted = true, cost = $2, drafted_by_team_id = $3, draft_id = $4
     WHERE provider_id = $1`,
    [pick.playerId, pick.cost, pick.teamId, draftId],
  );
}

/**
 * DraftDeleted: the draft's players are available again. Only rows this draft holds are released, so a player
 * that another draft has bought since keeps that draft's state.
 */
export async function releasePlayers(
  tx: SqlClient,
  draftId: string,
  playerIds: readonly string[],
): Promise<void> {
  if (playerIds.length === 0) return;
  await tx.query(
    `UPDATE players SET is_drafted = false, cost = NULL, drafted_by_team_id = NULL, draft_id = NULL
     WHERE provider_id = ANY($1::text[]) AND draft_id = $2`,
    [playerIds, draftId],
  );
}

/** Before a rebuild replays the draft streams: every player undrafted (the catalogue columns are untouched). */
export async function resetDraftState(tx: SqlClient): Promise<void> {
  await tx.query(
    `UPDATE players SET is_drafted = false, cost = NULL, drafted_by_team_id = NULL, draft_id = NULL
     WHERE is_drafted OR cost IS NOT NULL OR drafted_by_team_id IS NOT NULL OR draft_id IS NOT NULL`,
  );
}
