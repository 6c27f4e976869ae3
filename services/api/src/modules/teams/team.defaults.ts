import { DEFAULT_DRAFT_SETTINGS } from '@auction/domain';

/** What a team shows while it is in no draft: the draft defaults (docs/product.md §3.2 (Team)). */
export const DEFAULT_TEAM_BUDGET = DEFAULT_DRAFT_SETTINGS.budgetPerTeam;
export const DEFAULT_ROSTER_SIZE = DEFAULT_DRAFT_SETTINGS.playersPerTeam;
