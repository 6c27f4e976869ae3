import { ConflictError } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import { teamNameTaken, teamNumberTaken } from './team.errors.js';

/**
 * Checks made inside the append's transaction, after locking the team row, so a team cannot be deleted and
 * assigned to a draft at the same moment. The handlers check the same earlier with friendlier timing; these
 * are the safety net. Not part of the projection: a rebuild replays accepted events without re-judging them.
 */
export async function assertTeamNotInOpenDraft(tx: SqlClient, teamId: string): Promise<void> {
  await tx.query(`SELECT 1 FROM teams WHERE id = $1 FOR UPDATE`, [teamId]);
  const { rows } = await tx.query<{ name: string }>(
    `SELECT d.name FROM draft_teams dt JOIN drafts d ON d.id = dt.draft_id
     WHERE dt.team_id = $1 AND d.deleted_at IS NULL AND d.status IN ('created', 'active', 'paused')
     LIMIT 1`,
    [teamId],
  );
  if (rows[0]) throw new ConflictError('Team is assigned to a draft that is not completed');
}

/**
 * After the projection wrote the team's new name: no other live team may have it in its compared form
 * (`name_compared`, teamNameKey: without default-ignorable characters, NFKC, lower case, trimmed of Unicode
 * whitespace). Sees
 * every committed team; a team committing at the same moment is the unique index `teams_name_unique`'s to refuse.
 */
export async function assertTeamNameFree(tx: SqlClient, teamId: string): Promise<void> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT other.name FROM teams me
     JOIN teams other ON other.id <> me.id AND other.deleted_at IS NULL
       AND other.name_compared = me.name_compared
     WHERE me.id = $1
     ORDER BY other.created_at, other.id
     LIMIT 1`,
    [teamId],
  );
  if (rows[0]) throw teamNameTaken(rows[0].name);
}

/**
 * Before the projection writes a new team number: locks the rows of every team that shares an open draft with this
 * one (itself included), in id order like an assignment, so two renumbers in one draft run one after the other.
 * Without it each saw the other's old number and both committed the same one.
 */
export async function lockTeamsSharingOpenDraft(tx: SqlClient, teamId: string): Promise<void> {
  await tx.query(
    `SELECT t.id FROM teams t
     WHERE t.id = $1 OR t.id IN (
       SELECT theirs.team_id FROM draft_teams mine
       JOIN drafts d ON d.id = mine.draft_id AND d.deleted_at IS NULL AND d.status IN ('created', 'active', 'paused')
       JOIN draft_teams theirs ON theirs.draft_id = mine.draft_id
       WHERE mine.team_id = $1)
     ORDER BY t.id FOR UPDATE OF t`,
    [teamId],
  );
}

/** After the projection wrote the team's new number (under lockTeamsSharingOpenDraft): no team of its open drafts has it. */
export async function assertTeamNumberFree(tx: SqlClient, teamId: string): Promise<void> {
  const { rows } = await tx.query<{ team_number: number; team_name: string; draft_name: string }>(
    `SELECT me.team_number, other.name AS team_name, d.name AS draft_name
     FROM teams me
     JOIN draft_teams mine ON mine.team_id = me.id
     JOIN drafts d ON d.id = mine.draft_id AND d.deleted_at IS NULL AND d.status IN ('created', 'active', 'paused')
     JOIN draft_teams theirs ON theirs.draft_id = mine.draft_id AND theirs.team_id <> me.id
     JOIN teams other ON other.id = theirs.team_id AND other.deleted_at IS NULL AND other.team_number = me.team_number
     WHERE me.id = $1
     ORDER BY d.created_at
     LIMIT 1`,
    [teamId],
  );
  const clash = rows[0];
  if (clash) throw teamNumberTaken(clash.team_number, clash.team_name, clash.draft_name);
}
