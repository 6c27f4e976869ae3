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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Every UUID anywhere in some events' data: a superset of the team ids they name (teams that left the draft
 * included), to be narrowed by readTeamRefs, which only finds teams.
 */
export function uuidsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (UUID.test(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) uuidsIn(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) uuidsIn(item, found);
  }
  return found;
}
