import { DEFAULT_DRAFT_SETTINGS } from '@auction/domain';

/** What a team shows while it is in no draft (spec section 9's draft defaults). */
export const DEFAULT_TEAM_BUDGET = DEFAULT_DRAFT_SETTINGS.budgetPerTeam;
export const DEFAULT_ROSTER_SIZE = DEFAULT_DRAFT_SETTINGS.playersPerTeam;
