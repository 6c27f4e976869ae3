import { DraftProjection, LeagueRebuildFold } from '../modules/drafts/index.js';
import { TeamProjection } from '../modules/teams/index.js';
import type { RebuildUnit } from './rebuild-unit.js';

/**
 * The read models a rebuild can build and swap. Today DraftProjection also writes the teams' standings (budget,
 * players, current draft), so `teams` and `drafts` rebuild together as one unit: rebuilding one alone would let
 * the other's catch-up write the live table from a half-built shadow. Naming either rebuilds both.
 */
export function leagueUnit(): RebuildUnit {
  return {
    name: 'league',
    projections: [new TeamProjection(), new DraftProjection()],
    createFold: () => new LeagueRebuildFold(),
  };
}

const UNITS: Record<string, () => RebuildUnit> = {
  league: leagueUnit,
  teams: leagueUnit,
  drafts: leagueUnit,
};

export const REBUILDABLE_NAMES = Object.keys(UNITS);

/** The unit for `--projection NAME` (every read model without one); undefined for an unknown name. */
export function rebuildUnitFor(name?: string): RebuildUnit | undefined {
  return UNITS[name ?? 'league']?.();
}
