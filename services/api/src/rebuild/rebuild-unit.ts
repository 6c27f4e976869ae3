import type { LogProjection } from '../infrastructure/event-sourcing/projection.js';
import type { RebuildFold } from './rebuild-fold.js';

/**
 * What one rebuild builds and swaps: a projection (usually a LeagueProjectionSet of one or more read models) and the
 * tables it owns. The catch-up after the bulk pass runs the projection's own `apply`, so events appended during
 * the rebuild land exactly as inline.
 */
export interface RebuildUnit {
  readonly name: string;
  readonly projection: LogProjection;
  /**
   * Names of the asynchronous projections in the unit (AsyncProjectionRunner): the swap holds their runner off
   * (its advisory lock) and sets their checkpoint to the position the new tables are complete for. Empty for
   * inline projections.
   */
  readonly asyncCheckpoints: readonly string[];
  /** The in-memory bulk pass; without one, the bulk pass replays the log through `apply` (slow, but correct). */
  createFold?(): RebuildFold;
}

export function tablesOf(unit: RebuildUnit): string[] {
  return [...new Set(unit.projection.tables)];
}
