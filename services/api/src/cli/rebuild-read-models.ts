import type { Pool } from 'pg';
import { rebuildUnitFor, REBUILDABLE_NAMES } from '../rebuild/rebuild-units.js';
import {
  rebuildInShadow,
  type ShadowRebuildOptions,
  type ShadowRebuildReport,
} from '../rebuild/shadow-rebuild.js';

export type RebuildReport = ShadowRebuildReport;

/**
 * Rebuilds read models without stopping the drafts (docs/adr/0023): shadow tables folded from one snapshot of the
 * log, caught up, swapped in by one short transaction. `projection` picks one read model (see rebuild-units.ts).
 * Running APIs need no restart: their folded stream caches hold the log's state, which a rebuild does not change.
 */
export async function rebuildReadModels(
  pool: Pool,
  projection?: string,
  options: ShadowRebuildOptions = {},
): Promise<RebuildReport> {
  const unit = rebuildUnitFor(projection);
  if (!unit) {
    throw new Error(`unknown projection "${projection}" (one of: ${REBUILDABLE_NAMES.join(', ')})`);
  }
  return rebuildInShadow(pool, unit, options);
}
