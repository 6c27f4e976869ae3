import { ValidationError } from '../shared/errors.js';
import { isWholeNumberBetween, requireId } from '../shared/validation.js';
import { TEAM_NUMBER_MAX, TEAM_NUMBER_MIN } from '../rules/limits.js';
import type { TeamSlot } from './draft.types.js';

/**
 * Checks a list of teams for a draft (ids present, numbers in range, no team or number twice)
 * and returns it ordered by team number, which is the draft's turn order.
 */
export function orderTeamSlots(teams: unknown): TeamSlot[] {
  if (!Array.isArray(teams)) throw new ValidationError('Select at least one team');
  const seenIds = new Set<string>();
  const seenNumbers = new Set<number>();
  const slots: TeamSlot[] = [];
  for (const team of teams as Partial<TeamSlot>[]) {
    const teamId = requireId(team?.teamId, 'Every team needs an id');
    const teamNumber = team.teamNumber;
    if (!isWholeNumberBetween(teamNumber, TEAM_NUMBER_MIN, TEAM_NUMBER_MAX)) {
      throw new ValidationError(`Team number must be between ${TEAM_NUMBER_MIN} and ${TEAM_NUMBER_MAX}`);
    }
    if (seenIds.has(teamId)) throw new ValidationError('Each team can be assigned only once');
    if (seenNumbers.has(teamNumber)) {
      throw new ValidationError(`Two teams cannot share team number ${teamNumber}`);
    }
    seenIds.add(teamId);
    seenNumbers.add(teamNumber);
    slots.push({ teamId, teamNumber });
  }
  return slots.sort((a, b) => a.teamNumber - b.teamNumber);
}

export function sameMembers(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const members = new Set(a);
  return b.every((id) => members.has(id));
}
