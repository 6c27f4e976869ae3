import { LeagueProjectionSet, LeagueRebuildFold } from '../modules/drafts/index.js';
import type { RebuildUnit } from './rebuild-unit.js';

/** A rebuild of some league read models: each projection owns its tables and derives them alone (ADR 0022). */
export function leagueUnit(set: LeagueProjectionSet): RebuildUnit {
  return {
    name: set.name,
    projection: set,
    checkpointNames: set.names,
    createFold: () => new LeagueRebuildFold(),
  };
}

/** The unit for `--projection NAME` (every read model without one); throws on an unknown name. */
export function rebuildUnitFor(name?: string): RebuildUnit {
  const all = LeagueProjectionSet.all();
  return leagueUnit(name === undefined ? all : all.only([name]));
}
