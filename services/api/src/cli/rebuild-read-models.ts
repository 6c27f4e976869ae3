import type { Pool } from 'pg';
import { rebuildUnitFor } from '../rebuild/rebuild-units.js';
import {
  rebuildInShadow,
  type ShadowRebuildOptions,
  type ShadowRebuildReport,
} from '../rebuild/shadow-rebuild.js';

export type RebuildReport = ShadowRebuildReport;

/**
 * Rebuilds read models without stopping the drafts (docs/adr/0023): shadow tables folded from one snapshot of the
 * log, caught up, swapped in by one short transaction. `projection` names one read model (all without it).
 * Running APIs need no restart: their folded stream caches hold the log's state, which a rebuild does not change.
 */
export async function rebuildReadModels(
  pool: Pool,
  projection?: string,
  options: ShadowRebuildOptions = {},
): Promise<RebuildReport> {
  return rebuildInShadow(pool, rebuildUnitFor(projection), options);
}
