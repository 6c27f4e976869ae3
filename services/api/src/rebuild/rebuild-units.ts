import { draftActivityProjection, LeagueProjectionSet, LeagueRebuildFold } from '../modules/drafts/index.js';
import type { RebuildUnit } from './rebuild-unit.js';

/** A rebuild of some league read models: each projection owns its tables and derives them alone (ADR 0022). */
export function leagueUnit(set: LeagueProjectionSet): RebuildUnit {
  return { name: set.name, projection: set, asyncCheckpoints: [], createFold: () => new LeagueRebuildFold() };
}

/** The asynchronous projections (ADR 0022), rebuilt through their own `apply` (no fold: they are small feeds). */
const ASYNC: Record<string, () => LeagueProjectionSet> = { draft_activity: draftActivityProjection };

/** The unit for `--projection NAME` (every inline read model without one); throws on an unknown name. */
export function rebuildUnitFor(name?: string): RebuildUnit {
  const async = name === undefined ? undefined : ASYNC[name];
  if (async) {
    const set = async();
    return { name: set.name, projection: set, asyncCheckpoints: [set.name] };
  }
  const all = LeagueProjectionSet.all();
  return leagueUnit(name === undefined ? all : all.only([name]));
}
