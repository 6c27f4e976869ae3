import { Inject, Injectable } from '@nestjs/common';
import { ReadModelRebuilder } from '../../infrastructure/event-sourcing/read-model-rebuilder.js';
import { StreamCommandRunner } from '../../infrastructure/event-sourcing/stream-command-runner.js';
import { TeamProjection } from '../teams/index.js';
import { DraftProjection } from './draft.projection.js';

/**
 * Rebuilds teams, drafts, draft_teams and picks from the event log. The two projections run together, in log
 * order, because draft events write team rows (current draft, budget, player count).
 */
@Injectable()
export class LeagueReadModelsRebuilder {
  constructor(
    @Inject(ReadModelRebuilder) private readonly rebuilder: ReadModelRebuilder,
    @Inject(TeamProjection) private readonly teams: TeamProjection,
    @Inject(DraftProjection) private readonly drafts: DraftProjection,
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
  ) {}

  async rebuild(): Promise<{ events: number }> {
    const result = await this.rebuilder.rebuild([this.teams, this.drafts]);
    this.runner.clearCache();
    return result;
  }
}
