import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { StreamCommandRunner } from '../../infrastructure/event-sourcing/stream-command-runner.js';
import { rebuildInShadow, type ShadowRebuildReport } from '../../rebuild/shadow-rebuild.js';
import { TeamProjection } from '../teams/index.js';
import { DraftProjection } from './draft.projection.js';
import { LeagueRebuildFold } from './league.rebuild-fold.js';

/**
 * Rebuilds teams, drafts, draft_teams, picks and auctions from the event log without stopping the drafts
 * (docs/adr/0023): shadow tables, catch-up, one short swap. The two projections form one unit because draft events
 * write team rows (current draft, budget, player count).
 */
@Injectable()
export class LeagueReadModelsRebuilder {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(TeamProjection) private readonly teams: TeamProjection,
    @Inject(DraftProjection) private readonly drafts: DraftProjection,
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
  ) {}

  async rebuild(): Promise<ShadowRebuildReport> {
    const report = await rebuildInShadow(this.pool, {
      name: 'league',
      projections: [this.teams, this.drafts],
      createFold: () => new LeagueRebuildFold(),
    });
    this.runner.clearCache();
    return report;
  }
}
