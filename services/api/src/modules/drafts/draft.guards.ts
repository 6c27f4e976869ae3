import { ValidationError, type DraftState } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import {
  reopenBlockedByDeletedTeam,
  reopenBlockedByTeam,
  teamInAnotherDraft,
  teamNotFound,
} from './draft.errors.js';

interface AssignableErrors {
  missing: () => Error;
  busy: (teamName: string, draftName: string) => Error;
}

/**
 * In the append's transaction, with the teams' rows locked (in id order, so two assignments cannot deadlock):
 * every team still exists and sits in no other open draft. The handler checked the same before deciding; this
 * closes the window where two drafts take one team at once, or a team is deleted while being assigned.
 */
export async function assertTeamsAssignable(
  tx: SqlClient,
  draftId: string,
  teamIds: readonly string[],
  errors: AssignableErrors = { missing: teamNotFound, busy: teamInAnotherDraft },
): Promise<void> {
  const ids = [...new Set(teamIds)];
  const locked = await tx.query<{ id: string }>(
    `SELECT id FROM teams WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    [ids],
  );
  if (locked.rows.length !== ids.length) throw errors.missing();
  const { rows } = await tx.query<{ team_name: string; draft_name: string }>(
    `SELECT t.name AS team_name, d.name AS draft_name
     FROM draft_teams dt JOIN drafts d ON d.id = dt.draft_id JOIN teams t ON t.id = dt.team_id
     WHERE dt.team_id = ANY($1::uuid[]) AND dt.draft_id <> $2
       AND d.deleted_at IS NULL AND d.status IN ('created', 'active', 'paused')
     ORDER BY t.team_number LIMIT 1`,
    [ids, draftId],
  );
  const busy = rows[0];
  if (busy) throw errors.busy(busy.team_name, busy.draft_name);
}

/**
 * After assertTeamsAssignable locked the teams: their numbers, read now, are distinct. The assignment decided on
 * numbers read before its append; a renumber committing in between (before the teams were in this draft, so nothing
 * held it back) left two teams of the draft with one number and the draft unable to start.
 */
export async function assertTeamNumbersDistinct(tx: SqlClient, teamIds: readonly string[]): Promise<void> {
  const { rows } = await tx.query<{ team_number: number }>(
    `SELECT team_number FROM teams WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL
     GROUP BY team_number HAVING count(*) > 1 ORDER BY team_number LIMIT 1`,
    [[...new Set(teamIds)]],
  );
  const shared = rows[0];
  if (shared) throw new ValidationError(`Two teams cannot share team number ${shared.team_number}`);
}

/**
 * An admin correction (assign, edit or undo a pick) leaves the draft open when it was open, and reopens a completed
 * draft when a team can buy again. Its teams then sit in this open draft, so, as when they were assigned, none may
 * play in another open draft meanwhile (or have been deleted): the correction is refused rather than reopening.
 * In the append's transaction, with the teams' rows locked like an assignment's.
 */
export async function assertTeamsFreeWhileOpen(
  tx: SqlClient,
  draftId: string,
  after: DraftState,
): Promise<void> {
  if (after.status === 'completed' || after.teamIds.length === 0) return;
  await assertTeamsAssignable(tx, draftId, after.teamIds, {
    missing: reopenBlockedByDeletedTeam,
    busy: reopenBlockedByTeam,
  });
}
