import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PlayerStatsSummary } from '@auction/contracts';
import { PlayerDraftScope } from '../../player-draft-scope.js';
import { PlayerReadModel } from '../../player.read-model.js';
import { GetPlayerStatsQuery } from './get-player-stats.query.js';

@QueryHandler(GetPlayerStatsQuery)
export class GetPlayerStatsHandler implements IQueryHandler<GetPlayerStatsQuery> {
  constructor(
    @Inject(PlayerReadModel) private readonly players: PlayerReadModel,
    @Inject(PlayerDraftScope) private readonly drafts: PlayerDraftScope,
  ) {}

  async execute({ scope }: GetPlayerStatsQuery): Promise<PlayerStatsSummary> {
    return this.players.stats(await this.drafts.resolve(scope));
  }
}
