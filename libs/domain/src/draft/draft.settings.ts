import { ValidationError } from '../shared/errors.js';
import { isWholeNumberBetween } from '../shared/validation.js';
import {
  BUDGET_PER_TEAM_MAX,
  CLOCK_SECONDS_MAX,
  CLOCK_SECONDS_MIN,
  DEFAULT_DRAFT_SETTINGS,
  DRAFT_TYPES,
  MIN_BID,
  PLAYERS_PER_TEAM_MAX,
  PLAYERS_PER_TEAM_MIN,
  TEAMS_COUNT_MAX,
  TEAMS_COUNT_MIN,
  type DraftSettings,
} from '../rules/limits.js';

const SETTING_KEYS = [
  'teamsCount',
  'playersPerTeam',
  'budgetPerTeam',
  'draftType',
  'auctionTimeLimit',
  'bidTimeReset',
  'nominationTimeLimit',
] as const satisfies readonly (keyof DraftSettings)[];

const CLOCK_LABELS = {
  auctionTimeLimit: 'Auction time limit',
  bidTimeReset: 'Bid time reset',
  nominationTimeLimit: 'Nomination time limit',
} as const;

/**
 * Lays the given settings over `base` and validates the result. Only the known keys are read,
 * so nothing unexpected from the request ends up in an event.
 */
export function resolveDraftSettings(base: DraftSettings, changes: unknown): DraftSettings {
  if (changes !== undefined && changes !== null && typeof changes !== 'object') {
    throw new ValidationError('Draft settings must be an object');
  }
  const given = (changes ?? {}) as Partial<Record<keyof DraftSettings, unknown>>;
  const merged = Object.fromEntries(SETTING_KEYS.map((key) => [key, given[key] ?? base[key]]));
  return validateDraftSettings(merged as Record<keyof DraftSettings, unknown>);
}

/** Settings recorded before the clock settings existed get the default clocks. */
export function withDefaultClocks(settings: DraftSettings): DraftSettings {
  return {
    ...settings,
    auctionTimeLimit: settings.auctionTimeLimit ?? DEFAULT_DRAFT_SETTINGS.auctionTimeLimit,
    bidTimeReset: settings.bidTimeReset ?? DEFAULT_DRAFT_SETTINGS.bidTimeReset,
    nominationTimeLimit: settings.nominationTimeLimit ?? DEFAULT_DRAFT_SETTINGS.nominationTimeLimit,
  };
}

function requireClockSeconds(value: unknown, key: keyof typeof CLOCK_LABELS): number {
  if (!isWholeNumberBetween(value, CLOCK_SECONDS_MIN, CLOCK_SECONDS_MAX)) {
    throw new ValidationError(
      `${CLOCK_LABELS[key]} must be a whole number of seconds between ${CLOCK_SECONDS_MIN} and ${CLOCK_SECONDS_MAX}`,
    );
  }
  return value;
}

function validateDraftSettings(settings: Record<keyof DraftSettings, unknown>): DraftSettings {
  const { teamsCount, playersPerTeam, budgetPerTeam, draftType } = settings;
  if (!isWholeNumberBetween(teamsCount, TEAMS_COUNT_MIN, TEAMS_COUNT_MAX)) {
    throw new ValidationError(
      `Teams count must be a whole number between ${TEAMS_COUNT_MIN} and ${TEAMS_COUNT_MAX}`,
    );
  }
  if (!isWholeNumberBetween(playersPerTeam, PLAYERS_PER_TEAM_MIN, PLAYERS_PER_TEAM_MAX)) {
    throw new ValidationError(
      `Players per team must be a whole number between ${PLAYERS_PER_TEAM_MIN} and ${PLAYERS_PER_TEAM_MAX}`,
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
  return {
    teamsCount,
    playersPerTeam,
    budgetPerTeam,
    draftType: draftType as DraftSettings['draftType'],
    auctionTimeLimit: requireClockSeconds(settings.auctionTimeLimit, 'auctionTimeLimit'),
    bidTimeReset: requireClockSeconds(settings.bidTimeReset, 'bidTimeReset'),
    nominationTimeLimit: requireClockSeconds(settings.nominationTimeLimit, 'nominationTimeLimit'),
  };
}

export function sameDraftSettings(a: DraftSettings, b: DraftSettings): boolean {
  return SETTING_KEYS.every((key) => a[key] === b[key]);
}
