import type { SqlClient } from '@auction/event-store';
import { teamInAnotherDraft, teamNotFound } from './draft.errors.js';

/**
 * In the append's transaction, with the teams' rows locked (in id order, so two assignments cannot deadlock):
 * every team still exists and sits in no other open draft. The handler checked the same before deciding; this
 * closes the window where two drafts take one team at once, or a team is deleted while being assigned.
 */
export async function assertTeamsAssignable(
  tx: SqlClient,
  draftId: string,
  teamIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(teamIds)];
  const locked = await tx.query<{ id: string }>(
    `SELECT id FROM teams WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    [ids],
  );
  if (locked.rows.length !== ids.length) throw teamNotFound();
  const { rows } = await tx.query<{ team_name: string; draft_name: string }>(
    `SELECT t.name AS team_name, d.name AS draft_name
     FROM draft_teams dt JOIN drafts d ON d.id = dt.draft_id JOIN teams t ON t.id = dt.team_id
     WHERE dt.team_id = ANY($1::uuid[]) AND dt.draft_id <> $2
       AND d.deleted_at IS NULL AND d.status IN ('created', 'active', 'paused')
     ORDER BY t.team_number LIMIT 1`,
    [ids, draftId],
  );
  const busy = rows[0];
  if (busy) throw teamInAnotherDraft(busy.team_name, busy.draft_name);
}
