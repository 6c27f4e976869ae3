import type { Projection } from '../infrastructure/event-sourcing/projection.js';
import type { RebuildFold } from './rebuild-fold.js';

/**
 * What one rebuild builds and swaps: some projections and the tables they own. The catch-up after the bulk pass
 * applies the projections' own `apply`, so events appended during the rebuild land exactly as inline.
 */
export interface RebuildUnit {
  readonly name: string;
  readonly projections: readonly Projection[];
  /** The in-memory bulk pass; without one, the bulk pass replays the log through `apply` (slow, but correct). */
  createFold?(): RebuildFold;
}

export function tablesOf(unit: RebuildUnit): string[] {
  return [...new Set(unit.projections.flatMap((projection) => projection.tables))];
}
