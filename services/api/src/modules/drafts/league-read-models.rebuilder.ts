import { Inject, Injectable } from '@nestjs/common';
import { ReadModelRebuilder } from '../../infrastructure/event-sourcing/read-model-rebuilder.js';
import { StreamCommandRunner } from '../../infrastructure/event-sourcing/stream-command-runner.js';
import { LeagueProjections } from './league-projections.js';

/** Rebuilds the league's read models (teams and their standings, drafts, draft_teams, picks, auctions) from the log. */
@Injectable()
export class LeagueReadModelsRebuilder {
  constructor(
    @Inject(ReadModelRebuilder) private readonly rebuilder: ReadModelRebuilder,
    @Inject(LeagueProjections) private readonly projections: LeagueProjections,
    @Inject(StreamCommandRunner) private readonly runner: StreamCommandRunner,
  ) {}

  async rebuild(): Promise<{ events: number }> {
    const result = await this.rebuilder.rebuild([this.projections]);
    this.runner.clearCache();
    return result;
  }
}
