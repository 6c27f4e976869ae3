import type { TeamRef } from '@auction/contracts';
import type { SqlClient } from '@auction/event-store';

/**
 * Team names and numbers from the teams read model: the draft's events hold ids only, so the audit shows each
 * team's CURRENT name (a renamed team shows its new name at every point of the replay). Deleted teams keep their
 * row (soft delete), so they are still named.
 */
export async function readTeamRefs(
  client: SqlClient,
  teamIds: readonly string[],
): Promise<Map<string, TeamRef>> {
  const ids = [...new Set(teamIds)];
  if (ids.length === 0) return new Map();
  const { rows } = await client.query<{ id: string; name: string; team_number: number }>(
    'SELECT id, name, team_number FROM teams WHERE id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { _id: row.id, name: row.name, teamNumber: row.team_number }]));
}
