import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PlayerStatsSummary } from '@auction/contracts';
import { PlayerReadModel } from '../../player.read-model.js';
import { GetPlayerStatsQuery } from './get-player-stats.query.js';

@QueryHandler(GetPlayerStatsQuery)
export class GetPlayerStatsHandler implements IQueryHandler<GetPlayerStatsQuery> {
  constructor(@Inject(PlayerReadModel) private readonly players: PlayerReadModel) {}

  execute(): Promise<PlayerStatsSummary> {
    return this.players.stats();
  }
}
