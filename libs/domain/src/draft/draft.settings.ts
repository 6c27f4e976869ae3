import { ValidationError } from '../shared/errors.js';
import { isWholeNumberBetween } from '../shared/validation.js';
import {
  BUDGET_PER_TEAM_MAX,
  DRAFT_TYPES,
  MIN_BID,
  PLAYERS_PER_TEAM_MAX,
  TEAMS_COUNT_MAX,
  type DraftSettings,
} from '../rules/limits.js';

/**
 * Lays the given settings over `base` and validates the result. Only the four known keys are read,
 * so nothing unexpected from the request ends up in an event.
 */
export function resolveDraftSettings(base: DraftSettings, changes: unknown): DraftSettings {
  if (changes !== undefined && changes !== null && typeof changes !== 'object') {
    throw new ValidationError('Draft settings must be an object');
  }
  const given = (changes ?? {}) as Partial<Record<keyof DraftSettings, unknown>>;
  const pick = <K extends keyof DraftSettings>(key: K): unknown => given[key] ?? base[key];
  return validateDraftSettings({
    teamsCount: pick('teamsCount'),
    playersPerTeam: pick('playersPerTeam'),
    budgetPerTeam: pick('budgetPerTeam'),
    draftType: pick('draftType'),
  });
}

function validateDraftSettings(settings: Record<keyof DraftSettings, unknown>): DraftSettings {
  const { teamsCount, playersPerTeam, budgetPerTeam, draftType } = settings;
  if (!isWholeNumberBetween(teamsCount, 1, TEAMS_COUNT_MAX)) {
    throw new ValidationError(`Teams count must be a whole number between 1 and ${TEAMS_COUNT_MAX}`);
  }
  if (!isWholeNumberBetween(playersPerTeam, 1, PLAYERS_PER_TEAM_MAX)) {
    throw new ValidationError(
      `Players per team must be a whole number between 1 and ${PLAYERS_PER_TEAM_MAX}`,
    );
  }
  // Every player costs at least $1, so a smaller budget could never fill a roster.
  const budgetMin = playersPerTeam * MIN_BID;
  if (!isWholeNumberBetween(budgetPerTeam, budgetMin, BUDGET_PER_TEAM_MAX)) {
    throw new ValidationError(
      `Budget per team must be a whole number between $${budgetMin} and $${BUDGET_PER_TEAM_MAX} (each player costs at least $${MIN_BID})`,
    );
  }
  if (!DRAFT_TYPES.some((type) => type === draftType)) {
    throw new ValidationError('Only auction drafts are supported');
  }
  return { teamsCount, playersPerTeam, budgetPerTeam, draftType: draftType as DraftSettings['draftType'] };
}

export function sameDraftSettings(a: DraftSettings, b: DraftSettings): boolean {
  return (
    a.teamsCount === b.teamsCount &&
    a.playersPerTeam === b.playersPerTeam &&
    a.budgetPerTeam === b.budgetPerTeam &&
    a.draftType === b.draftType
  );
}
