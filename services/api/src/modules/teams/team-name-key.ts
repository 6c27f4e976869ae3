import type { TeamEvent } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';

/*
 * Team names are unique among live teams, compared in the form `teamNameKey` gives (@auction/domain: without
 * default-ignorable characters, NFKC, lower case, trimmed of Unicode whitespace; docs/adr/0013). That form is
 * computed in TypeScript only, by the projection
 * (team.projection.ts), the rebuild (league-rebuild.state.ts) and the migrations that fill it, and stored in
 * `teams.name_compared`; SQL (projection, guard, read model) only compares stored values, so there is one definition
 * of "the same name" and PostgreSQL's own lower() and normalize() never take part.
 */

/** Whether the event can change who holds a name: a new team, a renamed one, a deleted one. */
export function changesTeamName(event: TeamEvent): boolean {
  if (event.type === 'TeamCreated' || event.type === 'TeamDeleted') return true;
  return event.type === 'TeamUpdated' && event.data.name !== undefined;
}

/**
 * Keeps `teams.name_key`, the column under the unique index `teams_name_unique`, true to one rule after the team
 * `teamId` changed: in every group of live teams sharing a compared name (`name_compared`), the team created first
 * (then the lowest id) holds that name as its key and the others hold null. Only teams recorded before the rule
 * (or before its current form) existed can share a name, and a rebuild from the log reaches the same rows as the
 * migrations that brought the rule in.
 *
 * A team written now that shares a name is caught either by the guard (the other team is committed, so this one
 * gets null and `assertTeamNameFree` refuses) or by the unique index (two teams committing together each see
 * only itself as the first and both claim the key): of two simultaneous creates, exactly one commits.
 */
export async function settleTeamNameKeys(tx: SqlClient, teamId: string): Promise<void> {
  const { rows } = await tx.query<{ held: string | null; key: string }>(
    `SELECT name_key AS held, name_compared AS key FROM teams WHERE id = $1`,
    [teamId],
  );
  const row = rows[0];
  if (!row) return;
  // The team's new name, and the name it may have held until now (renamed or deleted): both groups may change.
  const keys = [...new Set([row.key, row.held].filter((key): key is string => key !== null))];
  const firstOfEachName = `SELECT DISTINCT ON (name_compared) id FROM teams
    WHERE deleted_at IS NULL AND name_compared = ANY($1::text[])
    ORDER BY name_compared, created_at, id`;
  // Two statements, release then claim: a unique index is checked row by row, so one statement moving a key from
  // one row to another could trip over itself.
  await tx.query(
    `UPDATE teams SET name_key = NULL
     WHERE name_key = ANY($1::text[])
       AND (name_key IS DISTINCT FROM name_compared OR id NOT IN (${firstOfEachName}))`,
    [keys],
  );
  await tx.query(
    `UPDATE teams SET name_key = name_compared
     WHERE id IN (${firstOfEachName}) AND name_key IS DISTINCT FROM name_compared`,
    [keys],
  );
}
