import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { StreamCommandRunner } from '../../infrastructure/event-sourcing/stream-command-runner.js';
import { rebuildInShadow, type ShadowRebuildReport } from '../../rebuild/shadow-rebuild.js';
import { LeagueProjections } from './league-projections.js';
import { LeagueRebuildFold } from './league.rebuild-fold.js';

/**
 * Rebuilds the league's read models (teams and their standings, drafts, draft_teams, picks, auctions) from the log
 * without stopping the drafts (docs/adr/0023): shadow tables, catch-up, one short swap.
 */
@Injectable()
export class LeagueReadModelsRebuilder {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(LeagueProjections) private readonly projections: LeagueProjections,
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
  ) {}

  async rebuild(): Promise<ShadowRebuildReport> {
    const report = await rebuildInShadow(this.pool, {
      name: this.projections.name,
      projection: this.projections,
      asyncCheckpoints: [],
      createFold: () => new LeagueRebuildFold(),
    });
    this.runner.clearCache();
    return report;
  }
}
