import { isUniqueViolation } from '../../infrastructure/event-sourcing/pg-errors.js';
import { teamNameTaken } from './team.errors.js';
import type { TeamReadModel } from './team.read-model.js';

/**
 * A create or rename lost to another team taking the same name at the same moment (the unique index
 * `teams_name_unique` refused the append): answers the same 409 as when the other team was there first.
 * Any other error is left to the caller.
 */
export async function refuseNameTakenMeanwhile(
  error: unknown,
  teams: TeamReadModel,
  name: string,
  teamId: string,
): Promise<void> {
  if (!isUniqueViolation(error, 'teams_name_unique')) return;
  const other = await teams.findOtherNamed(name, teamId);
  throw teamNameTaken(other?.name ?? name.trim());
}
