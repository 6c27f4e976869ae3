import { PostgresEventStore } from '@auction/event-store';
import type { Pool } from 'pg';
import { ReadModelRebuilder } from '../infrastructure/event-sourcing/read-model-rebuilder.js';
import { LeagueProjectionSet } from '../modules/drafts/index.js';

export interface RebuildReport {
  events: number;
  wallMs: number;
  eventsPerSecond: number;
}

/**
 * Every read model the log feeds (teams and their standings, drafts, draft_teams, picks, auctions), rebuilt
 * in one transaction by the same projections the API runs inline. Running APIs need no restart: their folded
 * stream caches hold the log's state, which a rebuild does not change.
 */
export async function rebuildReadModels(pool: Pool): Promise<RebuildReport> {
  const rebuilder = new ReadModelRebuilder(new PostgresEventStore(pool));
  const started = process.hrtime.bigint();
  const { events } = await rebuilder.rebuild([LeagueProjectionSet.all()]);
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  return { events, wallMs, eventsPerSecond: wallMs > 0 ? Math.round((events / wallMs) * 1000) : events };
}
